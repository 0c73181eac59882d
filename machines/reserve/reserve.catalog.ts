import type { Reservation, ReserveTerms } from '../../domain/contracts/reserve.ts';
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
/**
 * The car the path tests and the unit tests (`tests/unit/machines/reserve.machine.test.ts`,
 * `less-typing.test.ts`) reserve: a used car the local provider holds for a $200 deposit.
 */
export const reserveCatalogTerms: ReserveTerms = {
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
/** A car whose deposit goes through Stripe: reached inside the app (the input), it loads its own document. */
const stripeCar: ReserveTerms = { ...reserveCatalogTerms, test_mode: false };
/** The car of a shopper the card issuer sent back (`?payment_intent=`; see `provide.guards`). */
const RETURNED_CAR_ID = 777;
const returnedCar: ReserveTerms = { ...reserveCatalogTerms, car: { ...car, id: RETURNED_CAR_ID } };
/** The payment step's outcome once the car is held (the `paymentStep` child has paths of its own). */
const held: Reservation = {
  reservation_id: 'r1',
  car_id: 501,
  status: 'held',
  amount: 200,
  currency: 'aud',
  held_until: '2026-11-28T01:00:00.000Z',
  lead_id: 'lead-1',
  payment: null,
};

/**
 * The reserve wizard's path tests: the gate child (allowed, to sign-in, or failed), the terms
 * (reservable, not, not found, failed, a Stripe car reached inside the app, a shopper back from the
 * card issuer), the steps and back, and the payment step's child ending held, with the car gone, or
 * back (to the details, or the journey's payment option); a signed-in shopper's details read for step
 * two, or a visitor's none (issue 37 item 9). The payment step is the `paymentStep` machine, with
 * paths of its own.
 */
export const reserveCatalogEntry = defineCatalogEntry(reserveMachine, {
  summary:
    'Reserve: gate → terms → details → (journey: tradeIn → paymentOption) → paying (paymentStep) → confirmed | unavailable',
  input: {
    path: '/cars/2022-mazda-cx-5-501/checkout',
    search: '',
    personalisedFlow: true,
    slug: '2022-mazda-cx-5-501',
    journey: false,
    // Reached inside the app: a Stripe car's page loads its own document first.
    ownDocument: false,
    returnedIntent: null,
  },
  promiseInvokes: {
    gate: 'gate',
    loadTerms: 'loadTerms',
    paymentStep: 'paymentStep',
    readContact: 'readContact',
  },
  events: [
    {
      type: 'xstate.done.actor.readContact',
      output: { name: null, email: 'sam@example.com', phone: '0400 111 222' },
    },
    { type: 'xstate.done.actor.readContact', output: null },
    { type: 'xstate.error.actor.readContact', error: new Error('Network error') },
    ...gateChildEnds('/sign-in?type=checkout&redirect=%2Fcars%2F2022-mazda-cx-5-501%2Fcheckout'),
    { type: 'xstate.done.actor.loadTerms', output: reserveCatalogTerms },
    {
      type: 'xstate.done.actor.loadTerms',
      output: { ...reserveCatalogTerms, reservable: false, reason: 'Sorry, this car has been sold.' },
    },
    // A demonstrator: on the checkout journey (used cars only) it is refused (see `provide.guards`).
    { type: 'xstate.done.actor.loadTerms', output: { ...reserveCatalogTerms, car_type: 'demo' } },
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
    { type: 'xstate.done.actor.loadTerms', output: stripeCar },
    { type: 'xstate.done.actor.loadTerms', output: returnedCar },
    { type: 'xstate.done.actor.paymentStep', output: { outcome: 'held', reservation: held } },
    {
      type: 'xstate.done.actor.paymentStep',
      output: { outcome: 'gone', message: 'Sorry, someone has just reserved this car.' },
    },
    { type: 'xstate.done.actor.paymentStep', output: { outcome: 'back' } },
    { type: 'xstate.error.actor.paymentStep', error: new Error('A fault in the payment step') },
  ],
  serializeState: ({ value, context }) => ({
    value,
    // The journey's shopper is a path of its own: Back from the payment goes to its payment option.
    journey: context.customer?.name === journeyCustomer.name,
    failed: context.error !== null,
    errors: Object.keys(context.fieldErrors).sort(),
    contact: context.contact !== null,
  }),
  // Back and retries loop; the shortest paths take every transition.
  simplePaths: false,
  notThroughUi: {
    'loadingTerms xstate.done.actor.loadTerms [isReturning]':
      'only Stripe sends a shopper to the card issuer and back (`?payment_intent=`); the end-to-end server runs the local provider, which confirms on the page (the unit test and the path tests hold it)',
    'loadingTerms xstate.done.actor.loadTerms [needsOwnDocument]':
      'only a Stripe car reached inside the app loads its own document; the end-to-end server has no Stripe car (no STRIPE_SECRET_KEY)',
    'checkingGate xstate.error.actor.gate':
      'the gate child never fails: a session that cannot be read ends it in `failed` with the reason as its output (the done [otherwise] branch); only a fault in our own code would error it',
    'paying xstate.error.actor.paymentStep':
      'the payment step never fails: its failures are states of its own (startFailed, checkFailed) and its ends are its output; only a fault in our own code would error it',
  },
  provide: {
    actions: { refreshCachedCars: () => {}, loadDocument: () => {} },
    guards: {
      // Fixtures stand for the input: a demonstrator's terms for the journey's refusal, the journey
      // shopper's details for the journey's two extra steps — so one input reaches both flows.
      reservable: (_, terms: ReserveTerms) => terms.reservable && terms.car_type === 'used',
      // The returned car's terms stand for `?payment_intent=` in the input.
      isReturning: (_, terms: ReserveTerms) => terms.car.id === RETURNED_CAR_ID,
      journey: ({ context, event }) =>
        (event.type === 'reserve.details' ? event.values : context.customer)?.name === journeyCustomer.name,
    },
  },
});
