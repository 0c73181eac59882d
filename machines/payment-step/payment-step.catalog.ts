import type { Reservation, ReservationPayment } from '../../domain/contracts/reserve.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { paymentStepMachine } from './payment-step.machine.ts';

const refusal = (code: string, status: number, message: string) =>
  Object.assign(new Error(message), { details: { status, code } });
const customer = { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400111222' };
const card = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', terms: true };
/** When the card form is sent: its expiry is checked against this month. */
const at = '2026-11-27T09:00:00.000Z';
const reservation: Reservation = {
  reservation_id: 'r1',
  car_id: 501,
  status: 'awaiting_payment',
  amount: 200,
  currency: 'aud',
  held_until: null,
  lead_id: null,
  payment: {
    processor: 'local',
    intent_id: 'pi_local_abcdefgh12',
    client_secret: 'pi_local_abcdefgh12_secret_x',
    publishable_key: null,
    account: null,
    state: 'awaiting_card',
    failure: null,
  },
};
const held: Reservation = {
  ...reservation,
  status: 'held',
  held_until: '2026-11-28T01:00:00.000Z',
  lead_id: 'lead-1',
  payment: null,
};
const processing: Reservation = {
  ...reservation,
  payment: { ...(reservation.payment as ReservationPayment), state: 'processing' },
};
const refused: Reservation = {
  ...reservation,
  payment: { ...(reservation.payment as ReservationPayment), failure: 'Your card was declined.' },
};
const lost = Object.assign(new Error('Network error: Failed to fetch'), { details: {} });

/** A fresh start: the shopper's reservation, started at once. */
const fresh = { carId: 501, customer, purchase: null, returnedIntent: null };

/**
 * The payment step's path tests, from its two starts (a fresh one, and a return from the card
 * issuer that waits for the browser): the reservation's start (its payment, already held, the car
 * gone, a failure, its retry and Back), the payment form (kept, refused, Back), the processor's
 * confirmation (done, declined, lost) and the authorisation (held, processing and asked again,
 * refused, the claim ended, not known and checked again).
 */
export const paymentStepCatalogEntry = defineCatalogEntry(paymentStepMachine, {
  summary:
    'Payment step: startingPayment | returning → payment → confirmingPayment → checkingAuthorisation → held | gone | back',
  inputs: [
    fresh,
    // Back from the card issuer (`?payment_intent=`): no details were given on this page.
    { ...fresh, customer: { name: '', email: '', phone: '' }, returnedIntent: 'pi_3Q0abc' },
  ],
  promiseInvokes: {
    startReservation: 'startReservation',
    confirmPayment: 'confirmPayment',
    checkAuthorisation: 'checkAuthorisation',
  },
  events: [
    { type: 'retry' },
    { type: 'reserve.back' },
    { type: 'reserve.resume' },
    { type: 'reserve.pay', values: card, at },
    // An expired card and unaccepted terms stay on the payment with their messages.
    { type: 'reserve.pay', values: { ...card, expiry: '10/26', terms: false }, at },
    { type: 'xstate.done.actor.startReservation', output: reservation },
    // A resend whose first answer was lost, after the card was confirmed elsewhere: held already.
    { type: 'xstate.done.actor.startReservation', output: held },
    {
      type: 'xstate.error.actor.startReservation',
      error: refusal('car_reserved', 409, 'Sorry, someone has just reserved this car.'),
    },
    { type: 'xstate.error.actor.startReservation', error: lost },
    { type: 'xstate.done.actor.confirmPayment', output: undefined },
    {
      type: 'xstate.error.actor.confirmPayment',
      error: refusal('payment_declined', 402, 'Your card was declined.'),
    },
    { type: 'xstate.error.actor.confirmPayment', error: refusal('payment_unavailable', 502, 'Unavailable') },
    { type: 'xstate.done.actor.checkAuthorisation', output: held },
    { type: 'xstate.done.actor.checkAuthorisation', output: processing },
    { type: 'xstate.done.actor.checkAuthorisation', output: refused },
    {
      type: 'xstate.error.actor.checkAuthorisation',
      error: refusal('reservation_failed', 409, 'Sorry, this reservation has ended.'),
    },
    { type: 'xstate.error.actor.checkAuthorisation', error: lost },
  ],
  serializeState: ({ value, context }) => ({
    value,
    failed: context.error !== null,
    errors: Object.keys(context.fieldErrors).sort(),
  }),
  // Retries and the processor's poll loop; the shortest paths take every transition.
  simplePaths: false,
  notThroughUi: {
    'opening always [isReturning]':
      'only Stripe sends a shopper to the card issuer and back (`?payment_intent=`); the end-to-end server runs the local provider, which confirms on the page (the unit test and the path tests hold it)',
    'returning reserve.resume':
      'only after a return from the card issuer, which only Stripe makes (see `opening always [isReturning]`)',
    'startingPayment xstate.done.actor.startReservation [isHeld]':
      'a start answered `held`: a resend after its payment was authorised elsewhere (the webhook or the sweep) while the answer was lost — no page can time that',
    'checkingAuthorisation xstate.done.actor.checkAuthorisation [isProcessing]':
      'the local provider decides at once; only a real processor answers `processing`',
    'awaitingProcessor xstate.after.processorPoll.paymentStep.awaitingProcessor':
      'only after a `processing` answer, which the local provider never gives',
    'checkingAuthorisation xstate.error.actor.checkAuthorisation [isGone]':
      'the claim ends under a paying shopper only when the sweep fails it (PENDING_CLAIM_MINUTES), longer than an end-to-end test waits',
  },
});
