import { shallowEqual, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { TRADE_IN_TERMS_PATH } from '../../domain/content-pages.ts';
import type { TradeInActorRef } from '../../machines/trade-in/trade-in.machine.ts';
import {
  selectDetailValues,
  selectFieldErrors,
  selectFormError,
  selectIsBusy,
} from '../../machines/trade-in/trade-in.selectors.ts';
import { onSubmitValues } from '../ui/form-values.ts';
import { FieldErrorsBanner, LeadFormFields, SubmitButton } from '../ui/lead-form.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { WizardStepHeading } from '../ui/wizard-layout.tsx';
import { card, DETAIL_FIELDS, STEP_HEADINGS } from './trade-in-form.ts';

/**
 * Step Four Your Details (§5 "Final step"): the customer and the car's state, under the terms; a
 * signed-in shopper's name, email and phone filled in where blank.
 */
export function DetailsStep({ actorRef }: { actorRef: TradeInActorRef }) {
  const errors = useSelector(actorRef, selectFieldErrors);
  const formError = useSelector(actorRef, selectFormError);
  const busy = useSelector(actorRef, selectIsBusy);
  const values = useSelector(actorRef, selectDetailValues, shallowEqual);
  return (
    <section className={card}>
      <WizardStepHeading step={4}>{STEP_HEADINGS[3]}</WizardStepHeading>
      <form
        noValidate
        className={pageStyles.form}
        onSubmit={onSubmitValues(
          (values) => actorRef.send({ type: 'tradeIn.details', values }),
          DETAIL_FIELDS,
        )}
      >
        <FieldErrorsBanner errors={errors} fields={DETAIL_FIELDS} formError={formError} />
        <LeadFormFields fields={DETAIL_FIELDS} errors={errors} idPrefix="trade-in" values={values} />
        <p className={pageStyles.text}>
          Your offer is made under our{' '}
          <Link href={TRADE_IN_TERMS_PATH} className={pageStyles.link}>
            trade-in terms and conditions
          </Link>
          .
        </p>
        <div>
          <SubmitButton busy={busy} label="Get my offer" />
        </div>
      </form>
    </section>
  );
}
