import { useSelector } from '@xstate/react';
import type { TradeInActorRef } from '../../machines/trade-in/trade-in.machine.ts';
import {
  selectFieldErrors,
  selectFormError,
  selectLoadingMessage,
  selectRego,
} from '../../machines/trade-in/trade-in.selectors.ts';
import { css } from '../../styled-system/css';
import { onSubmitValues } from '../ui/form-values.ts';
import { FieldErrorsBanner, LeadFormFields, SubmitButton } from '../ui/lead-form.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { useIntent } from '../ui/use-intent.ts';
import { WizardStepHeading } from '../ui/wizard-layout.tsx';
import { card, REGO_FIELDS, STEP_HEADINGS } from './trade-in-form.ts';

/**
 * Step One Vehicle Details (§5): rego and state; while the look-up runs, its rotating message.
 * `onIntent`: called the first time the shopper shows intent in it (the later steps' code loads then).
 */
export function RegoStep({ actorRef, onIntent }: { actorRef: TradeInActorRef; onIntent?: () => void }) {
  const section = useIntent<HTMLElement>(() => onIntent?.());
  const errors = useSelector(actorRef, selectFieldErrors);
  const formError = useSelector(actorRef, selectFormError);
  const rego = useSelector(actorRef, selectRego);
  const loadingMessage = useSelector(actorRef, selectLoadingMessage);
  const looking = loadingMessage !== null;
  return (
    <section ref={section} className={card} aria-labelledby="trade-in-step">
      <div id="trade-in-step">
        <WizardStepHeading step={1}>{STEP_HEADINGS[0]}</WizardStepHeading>
      </div>
      <form
        noValidate
        className={pageStyles.form}
        onSubmit={onSubmitValues((values) => actorRef.send({ type: 'tradeIn.rego', values }), REGO_FIELDS)}
      >
        <FieldErrorsBanner errors={errors} fields={REGO_FIELDS} formError={formError} />
        <LeadFormFields fields={REGO_FIELDS} errors={errors} idPrefix="trade-in" values={rego ?? {}} />
        {looking && (
          <div role="status" className={css({ display: 'grid', gap: '2' })} data-testid="trade-in-loading">
            <progress aria-label="Looking up your car" />
            <span>{loadingMessage}</span>
          </div>
        )}
        <div>
          <SubmitButton busy={looking} label="Value my car" />
        </div>
      </form>
    </section>
  );
}
