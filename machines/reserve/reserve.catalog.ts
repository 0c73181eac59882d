import type { ReserveTerms } from '../../domain/contracts/reserve.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { gateChildEnds } from '../gated-route/gated-route.catalog.ts';
import { reserveMachine } from './reserve.machine.ts';

const car = {
  id: 501,
  slug: '2022-mazda-cx-5-501',
  name: '2022 Mazda CX-5',
  price: 36_990,
  primary_image_url: null,
  dealership_slug: 'bayside-mazda',
};
const deposit = {
  amount: 200,
  label: '$200',
  hold_hours: 48,
  text: 'Reserve this car with a fully refundable $200 deposit and we will hold it for you for 48 hours.',
};
const reservable: ReserveTerms = {
  car,
  car_type: 'used',
  reservable: true,
  reason: null,
  deposit,
  test_mode: true,
};
const refusal = (code: string, status: number, message: string) =>
  Object.assign(new Error(message), { details: { status, code } });
const customer = { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400111222' };
/** The shopper of the checkout journey (see `provide.guards`). */
const journeyCustomer = { ...customer, name: 'Jo Journey' };
const card = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', terms: true };
/** When the card form is sent: its expiry is checked against this month. */
const at = '2026-11-27T09:00:00.000Z';

/**
 * The reserve wizard's path tests: the gate child (allowed, to sign-in, or failed), the terms
 * (reservable, not, not found, failed), the steps and back, and the payment (held, declined, lost to
 * another shopper).
 */
export const reserveCatalogEntry = defineCatalogEntry(reserveMachine, {
  summary:
    'Reserve: gate → terms → details → (journey: tradeIn → paymentOption) → payment → paying → confirmed | unavailable',
  input: {
    path: '/cars/2022-mazda-cx-5-501/checkout',
    search: '',
    personalisedFlow: true,
    slug: '2022-mazda-cx-5-501',
    journey: false,
  },
  promiseInvokes: { gate: 'gate', loadTerms: 'loadTerms', reserve: 'reserve' },
  events: [
    ...gateChildEnds('/sign-in?type=checkout&redirect=%2Fcars%2F2022-mazda-cx-5-501%2Fcheckout'),
    { type: 'xstate.done.actor.loadTerms', output: reservable },
    {
      type: 'xstate.done.actor.loadTerms',
      output: { ...reservable, reservable: false, reason: 'Sorry, this car has been sold.' },
    },
    // A demonstrator: on the checkout journey (used cars only) it is refused (see `provide.guards`).
    { type: 'xstate.done.actor.loadTerms', output: { ...reservable, car_type: 'demo' } },
    { type: 'reserve.details', values: journeyCustomer },
    { type: 'reserve.tradeIn', tradeIn: true },
    { type: 'reserve.payWith', payWith: 'finance' },
    {
      type: 'xstate.error.actor.loadTerms',
      error: refusal('car_not_found', 404, 'No such car on this site'),
    },
    { type: 'xstate.error.actor.loadTerms', error: new Error('Network error') },
    { type: 'retry' },
    { type: 'reserve.start' },
    { type: 'reserve.details', values: customer },
    // The rules run in the machine: a bad email stays on the details with its message.
    { type: 'reserve.details', values: { ...customer, email: 'sam@' } },
    { type: 'reserve.back' },
    { type: 'reserve.pay', values: card, at },
    // An expired card and unaccepted terms stay on the payment with their messages.
    { type: 'reserve.pay', values: { ...card, expiry: '10/26', terms: false }, at },
    {
      type: 'xstate.done.actor.reserve',
      output: {
        reservation_id: 'r1',
        car_id: 501,
        status: 'held',
        amount: 200,
        currency: 'aud',
        held_until: '2026-11-28T01:00:00.000Z',
        lead_id: null,
      },
    },
    {
      type: 'xstate.error.actor.reserve',
      error: refusal('payment_declined', 402, 'Your card was declined.'),
    },
    {
      type: 'xstate.error.actor.reserve',
      error: refusal('car_reserved', 409, 'Sorry, someone has just reserved this car.'),
    },
  ],
  serializeState: ({ value, context }) => ({
    value,
    failed: context.error !== null,
    errors: Object.keys(context.fieldErrors).sort(),
  }),
  // Back and retries loop; the shortest paths take every transition.
  simplePaths: false,
  notThroughUi: {
    'checkingGate xstate.error.actor.gate':
      'the gate child never fails: a session that cannot be read ends it in `failed` with the reason as its output (the done [otherwise] branch); only a fault in our own code would error it',
  },
  provide: {
    actions: { refreshCachedCars: () => {} },
    guards: {
      // Fixtures stand for the input: a demonstrator's terms for the journey's refusal, the journey
      // shopper's details for the journey's two extra steps — so one input reaches both flows.
      reservable: (_, terms: ReserveTerms) => terms.reservable && terms.car_type === 'used',
      journey: ({ context, event }) =>
        (event.type === 'reserve.details' ? event.values : context.customer)?.name === journeyCustomer.name,
    },
  },
});
