import type { SnapshotFrom } from 'xstate';
import type { ReservationPayment } from '../../domain/contracts/reserve.ts';
import type { paymentStepMachine } from './payment-step.machine.ts';

type PaymentStepSnapshot = SnapshotFrom<typeof paymentStepMachine>;

/**
 * Where the payment step is: `starting` (the reservation being made), `startFailed`, `card` (the
 * processor's component, waiting for the shopper), `confirming` (the processor confirming the card,
 * or the server asking it), `checkFailed` (the outcome not known: check again).
 */
export type PaymentStage = 'starting' | 'startFailed' | 'card' | 'confirming' | 'checkFailed';

/** The payment step's stage. */
export const selectPaymentStage = (snapshot: PaymentStepSnapshot): PaymentStage =>
  snapshot.matches('startingPayment')
    ? 'starting'
    : snapshot.matches('startFailed')
      ? 'startFailed'
      : snapshot.matches('payment')
        ? 'card'
        : snapshot.matches('checkFailed')
          ? 'checkFailed'
          : 'confirming';

/** The reservation's payment while it waits for the card: the processor and its client secret. */
export const selectPayment = (snapshot: PaymentStepSnapshot): ReservationPayment | null =>
  snapshot.context.reservation?.payment ?? null;

/** Back from the card issuer's check: the page asks about the payment once it runs in the browser. */
export const selectIsReturning = (snapshot: PaymentStepSnapshot): boolean => snapshot.matches('returning');

/** The payment form's messages by field. */
export const selectFieldErrors = (snapshot: PaymentStepSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;

/** The payment step's message (a refused card, the provider down, the payment being checked). */
export const selectFormError = (snapshot: PaymentStepSnapshot): string | null => snapshot.context.error;

/** Whether the reservation or its payment is in flight. */
export const selectIsBusy = (snapshot: PaymentStepSnapshot): boolean => snapshot.hasTag('busy');
