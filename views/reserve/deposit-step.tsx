import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import type { ReserveTerms } from '../../domain/contracts/reserve.ts';
import type { PaymentStepActorRef } from '../../machines/payment-step/payment-step.machine.ts';
import {
  selectFieldErrors,
  selectFormError,
  selectIsBusy,
  selectIsReturning,
  selectPayment,
  selectPaymentStage,
} from '../../machines/payment-step/payment-step.selectors.ts';
import { selectIsJourney, selectPaymentStep, selectTerms } from '../../machines/reserve/reserve.selectors.ts';
import { readFormValues } from '../ui/form-values.ts';
import { FieldErrorsBanner, LeadFormFields, SubmitButton } from '../ui/lead-form.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { CARD_FIELDS, TERMS_FIELD } from './payment-fields.ts';
import { BackButton, panel, type ReservePartProps, StepHeading } from './reserve-parts.tsx';
import { stripePort } from './wiring.ts';

/** Stripe.js and its Element: their own chunk, fetched only for a payment that is Stripe's (decision 121). */
const StripePayment = lazy(() =>
  import('./stripe-payment.tsx').then((module) => ({ default: module.StripePayment })),
);

/**
 * The last step: the deposit's payment (issue 34). The reservation is started first (no card); then
 * the processor's component — ours for the local provider (card, expiry, CVC, as entered; the machine
 * checks them), Stripe's Payment Element in its own chunk — and the terms; then the processor's
 * confirmation and the server's check. An outcome not known (a lost answer) says the payment is being
 * checked, never that nothing was charged, and checks again on request. The step is the page's
 * `paymentStep` child, read through its own selectors.
 */
export function DepositStep({ actorRef }: ReservePartProps) {
  const terms = useSelector(actorRef, selectTerms);
  const journey = useSelector(actorRef, selectIsJourney);
  const paymentRef = useSelector(actorRef, selectPaymentStep);
  if (!terms || !paymentRef) return null;
  return <Deposit paymentRef={paymentRef} terms={terms} journey={journey} />;
}

function Deposit({
  paymentRef,
  terms,
  journey,
}: {
  paymentRef: PaymentStepActorRef;
  terms: ReserveTerms;
  journey: boolean;
}) {
  const stage = useSelector(paymentRef, selectPaymentStage);
  const payment = useSelector(paymentRef, selectPayment);
  const returning = useSelector(paymentRef, selectIsReturning);
  const fieldErrors = useSelector(paymentRef, selectFieldErrors);
  const formError = useSelector(paymentRef, selectFormError);
  const busy = useSelector(paymentRef, selectIsBusy);
  // Back from the card issuer: the page runs in the browser now, which holds the attempt's key.
  useEffect(() => {
    if (returning) paymentRef.send({ type: 'reserve.resume' });
  }, [returning, paymentRef]);
  const fields = payment?.processor === 'local' ? CARD_FIELDS : [TERMS_FIELD];
  return (
    <section className={panel}>
      <StepHeading name="Deposit" journey={journey} />
      <p className={pageStyles.text}>
        Pay your fully refundable {terms.deposit.label} deposit to hold the car for {terms.deposit.hold_hours}{' '}
        hours.
      </p>
      {(stage === 'startFailed' || stage === 'checkFailed') && (
        <div className={pageStyles.form}>
          <p className={pageStyles.text} role="alert" data-testid="reserve-payment-status">
            {formError}
          </p>
          <div className={pageStyles.row}>
            {stage === 'startFailed' && <BackButton actorRef={paymentRef} />}
            <button
              type="button"
              className={pageStyles.primary}
              onClick={() => paymentRef.send({ type: 'retry' })}
            >
              {stage === 'startFailed' ? 'Try again' : 'Check again'}
            </button>
          </div>
        </div>
      )}
      {/* Back from the card issuer, the step checks a payment it has no details of yet. */}
      {(stage === 'starting' || (!payment && stage === 'confirming')) && (
        <p className={pageStyles.text} role="status" aria-busy="true">
          {stage === 'starting' ? 'Preparing your secure payment…' : 'Checking your payment…'}
        </p>
      )}
      {payment && (stage === 'card' || stage === 'confirming') && (
        <form
          noValidate
          className={pageStyles.form}
          onSubmit={(event) => {
            event.preventDefault();
            const values = readFormValues(event.currentTarget, fields);
            paymentRef.send({ type: 'reserve.pay', values, at: new Date().toISOString() });
          }}
        >
          {payment.processor === 'local' && (
            <p className={pageStyles.text} data-testid="reserve-test-cards">
              Demonstration payments: use card 4242 4242 4242 4242 with any future expiry and any 3-digit
              code. No money is taken.
            </p>
          )}
          <FieldErrorsBanner errors={fieldErrors} fields={fields} formError={formError} />
          {payment.processor === 'stripe' && (
            <Suspense fallback={<p className={pageStyles.text}>Loading the secure card form…</p>}>
              <StripePayment payment={payment} port={stripePort} />
            </Suspense>
          )}
          <LeadFormFields fields={fields} errors={fieldErrors} idPrefix="reserve" />
          <div className={pageStyles.row}>
            <BackButton actorRef={paymentRef} />
            <SubmitButton busy={busy} label={`Pay ${terms.deposit.label} deposit`} />
          </div>
        </form>
      )}
    </section>
  );
}
