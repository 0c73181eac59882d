import { useSelector } from '@xstate/react';
import type { FormFieldDefinition } from '../../domain/site-form-pages.ts';
import {
  selectFieldErrors,
  selectFormError,
  selectIsBusy,
  selectIsJourney,
  selectTerms,
} from '../../machines/reserve/reserve.selectors.ts';
import { readFormValues } from '../ui/form-values.ts';
import { FieldErrorsBanner, LeadFormFields, SubmitButton } from '../ui/lead-form.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { BackButton, panel, type ReservePartProps, StepHeading } from './reserve-parts.tsx';

const CARD_FIELDS: FormFieldDefinition[] = [
  { name: 'card_number', label: 'Card number', kind: 'text', required: true, autoComplete: 'cc-number' },
  { name: 'expiry', label: 'Expiry (MM/YY)', kind: 'text', required: true, autoComplete: 'cc-exp' },
  { name: 'cvc', label: 'Security code (CVC)', kind: 'text', required: true, autoComplete: 'cc-csc' },
  {
    name: 'terms',
    label: 'I understand my deposit is fully refundable and the car is held for me for 48 hours',
    kind: 'checkbox',
    required: true,
  },
];

/** The last step: the deposit's card, as entered and when (the machine checks it, expiry included). */
export function DepositStep({ actorRef }: ReservePartProps) {
  const terms = useSelector(actorRef, selectTerms);
  const journey = useSelector(actorRef, selectIsJourney);
  const fieldErrors = useSelector(actorRef, selectFieldErrors);
  const formError = useSelector(actorRef, selectFormError);
  const busy = useSelector(actorRef, selectIsBusy);
  if (!terms) return null;
  return (
    <section className={panel}>
      <StepHeading name="Deposit" journey={journey} />
      <p className={pageStyles.text}>
        Pay your fully refundable {terms.deposit.label} deposit to hold the car for {terms.deposit.hold_hours}{' '}
        hours.
      </p>
      {terms.test_mode && (
        <p className={pageStyles.text} data-testid="reserve-test-cards">
          Demonstration payments: use card 4242 4242 4242 4242 with any future expiry and any 3-digit code. No
          money is taken.
        </p>
      )}
      <form
        noValidate
        className={pageStyles.form}
        onSubmit={(event) => {
          event.preventDefault();
          const values = readFormValues(event.currentTarget, CARD_FIELDS);
          actorRef.send({ type: 'reserve.pay', values, at: new Date().toISOString() });
        }}
      >
        <FieldErrorsBanner errors={fieldErrors} fields={CARD_FIELDS} formError={formError} />
        <LeadFormFields fields={CARD_FIELDS} errors={fieldErrors} idPrefix="reserve" />
        <div className={pageStyles.row}>
          <BackButton actorRef={actorRef} />
          <SubmitButton busy={busy} label={`Pay ${terms.deposit.label} deposit`} />
        </div>
      </form>
    </section>
  );
}
