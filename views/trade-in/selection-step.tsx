import { useSelector } from '@xstate/react';
import type { TradeInActorRef } from '../../machines/trade-in/trade-in.machine.ts';
import {
  selectDescriptions,
  selectFieldErrors,
  selectFormError,
  selectIsBusy,
} from '../../machines/trade-in/trade-in.selectors.ts';
import { css } from '../../styled-system/css';
import { onSubmitValues } from '../ui/form-values.ts';
import { FieldErrorsBanner, SubmitButton } from '../ui/lead-form.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { WizardStepHeading } from '../ui/wizard-layout.tsx';
import { card, SELECTION_FIELDS, STEP_HEADINGS } from './trade-in-form.ts';

/** Step Two Vehicle Selection (§5): one of the matching descriptions, or Back to Step One. */
export function SelectionStep({ actorRef }: { actorRef: TradeInActorRef }) {
  const errors = useSelector(actorRef, selectFieldErrors);
  const formError = useSelector(actorRef, selectFormError);
  const descriptions = useSelector(actorRef, selectDescriptions);
  const choosing = useSelector(actorRef, selectIsBusy);
  return (
    <section className={card}>
      <WizardStepHeading step={2}>{STEP_HEADINGS[1]}</WizardStepHeading>
      <form
        noValidate
        className={pageStyles.form}
        onSubmit={onSubmitValues(
          (values) => actorRef.send({ type: 'tradeIn.choose', values }),
          SELECTION_FIELDS,
        )}
      >
        <FieldErrorsBanner errors={errors} fields={SELECTION_FIELDS} formError={formError} />
        <fieldset className={css({ display: 'grid', gap: '2' })}>
          <legend className={css({ fontWeight: 'semibold' })}>Which of these is your car?</legend>
          {descriptions.map((description) => (
            <label key={description} className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
              <input type="radio" name="manualEntry" value={description} />
              {description}
            </label>
          ))}
        </fieldset>
        <div className={pageStyles.row}>
          <button
            type="button"
            className={pageStyles.secondary}
            onClick={() => actorRef.send({ type: 'tradeIn.back' })}
          >
            Back
          </button>
          <SubmitButton busy={choosing} label="Next" />
        </div>
      </form>
    </section>
  );
}
