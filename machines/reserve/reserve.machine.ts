import { type ActorRefFrom, and, assign, fromPromise, setup } from 'xstate';
import type { ReserveTerms, ReserveTermsQuery } from '../../domain/contracts/reserve.ts';
import { RESERVE_MESSAGES, type ReserveCustomer } from '../../domain/reserve.ts';
import type { ShopperContact } from '../../domain/shopper-contact.ts';
import { type GatedRouteOutput, gatedRouteMachine } from '../gated-route/gated-route.machine.ts';
import { type PaymentStepOutput, paymentStepMachine } from '../payment-step/payment-step.machine.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { readingContact } from '../shared/reading-contact.ts';
import { refusalOf } from '../shared/refusal.ts';
import {
  checkCustomer,
  purchaseOf,
  type ReserveContext,
  type ReserveEvent,
  type ReserveInput,
  usesStripe,
} from './reserve.context.ts';

export type { FormValues, ReserveContext, ReserveEvent, ReserveInput } from './reserve.context.ts';

/** The payment step's output, read by the reserve machine's guards and actions. */
const outputOf = ({ event }: { event: { output: PaymentStepOutput } }) => event.output;

/**
 * Reserving a car online (`search-detail-finance-watchlist.md` §2 `/cars/{slug}/checkout` or
 * buy-online, §5, §9 "Reserve deposit default $200, fully refundable, car held 48 hours"; issues 17,
 * 34): `checkingGate` (the `gate` child) → `loadingTerms` → `terms` → `details` (the checkout journey
 * adds `tradeIn` and `paymentOption`) → `paying` (the `paymentStep` child: the reservation started,
 * the processor's component, its confirmation and the server's check of the authorisation) →
 * `confirmed` once held, `unavailable` when the car went, or back to the details (the journey's
 * payment option). A car that cannot be reserved ends in `unavailable` with why. A Stripe car reached
 * inside the app loads its own document first (`loadingDocument`: its policy allows Stripe's hosts);
 * back from a redirect to the card issuer (`returnedIntent`) the page goes straight to `paying`, whose
 * child waits in `returning` for the browser. The forms arrive as entered: the guards run the
 * domain's schemas, and a form that breaks them stays with its messages. A signed-in shopper's details,
 * read while the terms are on screen (`readContact`, issue 37 item 9), start step two's fields: only
 * where the shopper has not typed, and editable; a session that cannot be read leaves them blank.
 */
export const reserveMachine = setup({
  types: {} as {
    context: ReserveContext;
    events: ReserveEvent;
    input: ReserveInput;
    children: { gate: 'gate'; paymentStep: 'paymentStep' };
  },
  actors: {
    gate: gatedRouteMachine,
    loadTerms: fromPromise<ReserveTerms, ReserveTermsQuery>(notProvided('loadTerms')),
    paymentStep: paymentStepMachine,
    readContact: fromPromise<ShopperContact | null>(notProvided('reserve: readContact')),
  },
  actions: {
    refreshCachedCars: (_, _params: { carId: number }) => notProvided('refreshCachedCars')(),
    /** A document load of this address (the wiring's; never on the server, whose document is its own). */
    loadDocument: () => notProvided('loadDocument')(),
    assignGate: assign((_, outcome: GatedRouteOutput) => ({ signInUrl: outcome.signInUrl })),
    assignGateError: assign((_, outcome: GatedRouteOutput) => ({ error: outcome.error })),
    assignTerms: assign(({ context }, terms: ReserveTerms) => ({
      terms,
      unavailable: !terms.reservable
        ? terms.reason
        : context.journey && terms.car_type !== 'used'
          ? RESERVE_MESSAGES.notUsed
          : null,
    })),
    /** Back from the card issuer: the car is this shopper's claim, whatever the terms say of it now. */
    assignReturnedTerms: assign((_, terms: ReserveTerms) => ({ terms })),
    assignTradeIn: assign(({ event }) =>
      event.type === 'reserve.tradeIn' ? { tradeIn: event.tradeIn } : {},
    ),
    assignPayWith: assign(({ event }) =>
      event.type === 'reserve.payWith' ? { payWith: event.payWith } : {},
    ),
    assignCustomer: assign(({ event }) => {
      if (event.type !== 'reserve.details') return {};
      const checked = checkCustomer(event.values);
      return checked.ok ? { customer: checked.values as ReserveCustomer, error: null, fieldErrors: {} } : {};
    }),
    assignCustomerErrors: assign(({ event }) => {
      if (event.type !== 'reserve.details') return {};
      const checked = checkCustomer(event.values);
      return checked.ok ? {} : { fieldErrors: checked.fieldErrors };
    }),
    assignLoadError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    assignHeld: assign((_, outcome: PaymentStepOutput) =>
      outcome.outcome === 'held' ? { reservation: outcome.reservation } : {},
    ),
    assignGone: assign((_, outcome: PaymentStepOutput) =>
      outcome.outcome === 'gone' ? { unavailable: outcome.message } : {},
    ),
    clearError: assign({ error: null, fieldErrors: {} }),
    assignContact: assign((_, contact: ShopperContact | null) => ({ contact })),
    /** Back from the payment step: a return from the card issuer is over, and on again starts afresh. */
    endReturn: assign({ returnedIntent: null, error: null, fieldErrors: {} }),
  },
  guards: {
    gateAllows: (_, outcome: GatedRouteOutput) => outcome.allowed,
    gateRedirects: (_, outcome: GatedRouteOutput) => outcome.signInUrl !== null,
    /** Reservable now — and, on the checkout journey, a used car (§2 "used cars only"). */
    reservable: ({ context }, terms: ReserveTerms) =>
      terms.reservable && (!context.journey || terms.car_type === 'used'),
    isReturning: ({ context }, _terms: ReserveTerms) => context.returnedIntent !== null,
    /** A Stripe car on a document loaded for another page: its policy would block Stripe.js. */
    needsOwnDocument: ({ context }, terms: ReserveTerms) => !context.ownDocument && usesStripe(terms),
    journey: ({ context }) => context.journey,
    /** Step two's values keep `reserveCustomerSchema`. */
    isCustomerValid: ({ event }) => event.type === 'reserve.details' && checkCustomer(event.values).ok,
    /** No such car here — or no such slug at all (the server refuses it as a request, 400). */
    notFound: (_, error: unknown) => [400, 404].includes(refusalOf(error).details?.status ?? 0),
    isPaymentHeld: (_, outcome: PaymentStepOutput) => outcome.outcome === 'held',
    isCarGone: (_, outcome: PaymentStepOutput) => outcome.outcome === 'gone',
  },
}).createMachine({
  id: 'reserve',
  context: ({ input }) => ({
    ...input,
    signInUrl: null,
    terms: null,
    customer: null,
    tradeIn: null,
    payWith: null,
    reservation: null,
    unavailable: null,
    error: null,
    fieldErrors: {},
    contact: null,
  }),
  initial: 'checkingGate',
  states: {
    checkingGate: {
      tags: ['loading'],
      invoke: {
        id: 'gate',
        src: 'gate',
        input: ({ context }) => ({
          path: context.path,
          search: context.search,
          personalisedFlow: context.personalisedFlow,
        }),
        onDone: [
          { guard: { type: 'gateAllows', params: ({ event }) => event.output }, target: 'loadingTerms' },
          {
            guard: { type: 'gateRedirects', params: ({ event }) => event.output },
            target: 'signIn',
            actions: { type: 'assignGate', params: ({ event }) => event.output },
          },
          // The session could not be read: the gate's output says why.
          { target: 'failed', actions: { type: 'assignGateError', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: errorOf } },
      },
    },
    /** Anonymous on a personalised-flow site: the page goes to `signInUrl` (§4 Gated routes). */
    signIn: { type: 'final' },
    loadingTerms: {
      tags: ['loading'],
      invoke: {
        id: 'loadTerms',
        src: 'loadTerms',
        input: ({ context }) => ({ slug: context.slug }),
        onDone: [
          {
            guard: { type: 'isReturning', params: ({ event }) => event.output },
            target: 'paying',
            actions: { type: 'assignReturnedTerms', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'needsOwnDocument', params: ({ event }) => event.output },
            target: 'loadingDocument',
            actions: 'loadDocument',
          },
          {
            guard: { type: 'reservable', params: ({ event }) => event.output },
            target: 'terms',
            actions: { type: 'assignTerms', params: ({ event }) => event.output },
          },
          { target: 'unavailable', actions: { type: 'assignTerms', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: { type: 'notFound', params: errorOf }, target: 'notFound' },
          { target: 'failed', actions: { type: 'assignLoadError', params: errorOf } },
        ],
      },
    },
    failed: { on: { retry: { target: 'checkingGate', actions: 'clearError' } } },
    notFound: { type: 'final' },
    /** The browser is loading this address as a document (its own policy); nothing was started. */
    loadingDocument: { type: 'final', tags: ['loading'] },
    /** The car and its hold terms. */
    terms: {
      // The shopper's details are read while they read the terms (again on Back, harmlessly: they
      // are kept apart from what the shopper types).
      initial: 'reading',
      states: readingContact('assignContact'),
      on: { 'reserve.start': 'details' },
    },
    /** The shopper's details. */
    details: {
      on: {
        'reserve.details': [
          { guard: and(['isCustomerValid', 'journey']), target: 'tradeIn', actions: 'assignCustomer' },
          { guard: 'isCustomerValid', target: 'paying', actions: 'assignCustomer' },
          { actions: 'assignCustomerErrors' },
        ],
        'reserve.back': { target: 'terms', actions: 'clearError' },
      },
    },
    /** The checkout journey: a car to trade in (the trade-in wizard values it), or none. */
    tradeIn: {
      on: {
        'reserve.tradeIn': { target: 'paymentOption', actions: 'assignTradeIn' },
        'reserve.back': 'details',
      },
    },
    /** The checkout journey: pay the rest in full, or with finance. */
    paymentOption: {
      on: {
        'reserve.payWith': { target: 'paying', actions: 'assignPayWith' },
        'reserve.back': 'tradeIn',
      },
    },
    /** The deposit's payment step (the `paymentStep` child): held, the car gone, or Back. */
    paying: {
      invoke: {
        id: 'paymentStep',
        src: 'paymentStep',
        input: ({ context }) => ({
          carId: context.terms?.car.id ?? 0,
          customer: context.customer ?? { name: '', email: '', phone: '' },
          purchase: purchaseOf(context),
          returnedIntent: context.returnedIntent,
        }),
        onDone: [
          {
            guard: { type: 'isPaymentHeld', params: outputOf },
            target: 'confirmed',
            actions: [
              { type: 'assignHeld', params: outputOf },
              {
                type: 'refreshCachedCars',
                params: ({ event }) => ({
                  carId: event.output.outcome === 'held' ? event.output.reservation.car_id : 0,
                }),
              },
            ],
          },
          {
            guard: { type: 'isCarGone', params: outputOf },
            target: 'unavailable',
            actions: { type: 'assignGone', params: outputOf },
          },
          { guard: 'journey', target: 'paymentOption', actions: 'endReturn' },
          { target: 'details', actions: 'endReturn' },
        ],
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: errorOf } },
      },
    },
    /** The car cannot be reserved: sold, reserved by someone else, not offered online, or the claim ended. */
    unavailable: { type: 'final' },
    /** Held for 48 hours: the confirmation. */
    confirmed: { type: 'final' },
  },
});

/** A running reservation. */
export type ReserveActorRef = ActorRefFrom<typeof reserveMachine>;
