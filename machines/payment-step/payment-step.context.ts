import type { Reservation, ReservationPayment, ReserveCall } from '../../domain/contracts/reserve.ts';
import { checkFields } from '../../domain/field-errors.ts';
import { type CardForm, cardFormSchema, paymentTermsSchema } from '../../domain/reserve.ts';

/**
 * The payment step's input, context, events and output, and the domain rules its guards run on the
 * payment form's raw values (issue 32 item 4): the local component's `cardFormSchema`, or for a
 * processor whose own component takes the card (Stripe's Payment Element) `paymentTermsSchema`.
 */

/**
 * The reservation to start (the car, the shopper, the checkout journey's choices), and the payment
 * intent the processor named on sending the shopper back (`?payment_intent=`, after a card issuer's
 * 3-D Secure check away from the page), or null for a fresh start.
 */
export interface PaymentStepInput extends ReserveCall {
  returnedIntent: string | null;
}

export interface PaymentStepContext extends PaymentStepInput {
  /** The reservation once started: `awaiting_payment` with its `payment`, then `held`. */
  reservation: Reservation | null;
  /** Why the car cannot be reserved any more (it went, or the claim ended). */
  gone: string | null;
  error: string | null;
  fieldErrors: Record<string, string>;
}

/**
 * How the payment step ended: the car `held` (the reservation), `gone` (why), or `back` (the shopper
 * went back a step; nothing was charged that the attempt's key cannot find again).
 */
export type PaymentStepOutput =
  | { outcome: 'held'; reservation: Reservation }
  | { outcome: 'gone'; message: string }
  | { outcome: 'back' };

/** A form's values as entered (text fields as strings, checkboxes as booleans). */
export type FormValues = Record<string, unknown>;

/**
 * What the `confirmPayment` actor confirms: the reservation's payment (the processor, the intent and
 * its client secret) and, for the local component, the card as checked; null for a processor whose
 * component holds the card itself.
 */
export interface PaymentConfirmation {
  payment: ReservationPayment;
  values: CardForm | null;
}

/**
 * Which authorisation the `checkAuthorisation` actor asks about: the payment intent, and the
 * reservation when this page started it (null when the processor sent the shopper back here).
 */
export interface AuthorisationQuery {
  intent_id: string;
  reservation_id: string | null;
}

export type PaymentStepEvent =
  /**
   * The payment form as entered, and when (ISO time; a card's expiry is checked against its month):
   * the local component's card and terms, or only the terms beside the processor's component.
   */
  | { type: 'reserve.pay'; values: FormValues; at: string }
  /** Back from the processor's redirect: the page is in the browser now and asks about the payment. */
  | { type: 'reserve.resume' }
  | { type: 'reserve.back' }
  | { type: 'retry' };

/** The payment form checked as of the moment it was sent, by the processor whose component shows. */
export function checkPaymentForm(
  processor: ReservationPayment['processor'] | undefined,
  values: FormValues,
  at: string,
) {
  return processor === 'local'
    ? checkFields(cardFormSchema(new Date(at)), values)
    : checkFields(paymentTermsSchema, values);
}

/** The processor whose component the payment step shows, or none yet. */
export const processorOf = (context: PaymentStepContext) => context.reservation?.payment?.processor;

/** What `confirmingPayment` confirms: the payment, and the local card as checked on the way in. */
export function confirmationOf(context: PaymentStepContext, event: PaymentStepEvent): PaymentConfirmation {
  const payment = context.reservation?.payment as ReservationPayment;
  if (payment.processor !== 'local' || event.type !== 'reserve.pay') return { payment, values: null };
  const checked = checkPaymentForm('local', event.values, event.at);
  return { payment, values: checked.ok ? (checked.values as CardForm) : null };
}

/** Whether a reservation is held (anything but waiting for its payment). */
export const isHeldReservation = (reservation: Reservation): boolean =>
  reservation.status !== 'awaiting_payment';

/** The step's output once it ends: held, gone, or (neither) back. */
export function outcomeOf(context: PaymentStepContext): PaymentStepOutput {
  if (context.gone !== null) return { outcome: 'gone', message: context.gone };
  if (context.reservation && isHeldReservation(context.reservation))
    return { outcome: 'held', reservation: context.reservation };
  return { outcome: 'back' };
}
