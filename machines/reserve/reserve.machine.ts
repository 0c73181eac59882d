import { type ActorRefFrom, and, assign, fromPromise, setup } from 'xstate';
import type {
  Reservation,
  ReserveCall,
  ReserveTerms,
  ReserveTermsQuery,
} from '../../domain/contracts/reserve.ts';
import { RESERVE_MESSAGES, type ReserveCustomer } from '../../domain/reserve.ts';
import { type GatedRouteOutput, gatedRouteMachine } from '../gated-route/gated-route.machine.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalFields, refusalMessage, refusalOf } from '../shared/refusal.ts';
import {
  checkCard,
  checkCustomer,
  paidWith,
  type ReserveContext,
  type ReserveEvent,
  type ReserveInput,
} from './reserve.context.ts';

export type { FormValues, ReserveContext, ReserveEvent, ReserveInput } from './reserve.context.ts';

/** What the payment failed with: the car gone (someone else, sold) or a card or network problem. */
const CAR_GONE = new Set(['car_reserved', 'car_sold', 'not_reservable', 'car_not_found', 'not_used']);
const PAYMENT_FAILED = 'We could not take your deposit. You have not been charged. Please try again.';

/**
 * Reserving a car online (`search-detail-finance-watchlist.md` §2 `/cars/{slug}/checkout` or
 * buy-online, §5, §9 "Reserve deposit default $200, fully refundable, car held 48 hours"; issue 17):
 * `checkingGate` (the `gate` child, `gatedRouteMachine`: anonymous visitors of a personalised-flow site
 * go to `signIn`, a session that could not be read to `failed` and its retry) → `loadingTerms` →
 * `terms` (the car and its hold) → `details` (the shopper) → `payment` (the card) → `paying` →
 * `confirmed`. The checkout journey (`/checkout-journey`, used cars only) adds
 * `tradeIn` and `paymentOption` between the details and the card. A car that cannot be reserved — before or, lost to another
 * shopper, during payment — ends in `unavailable` with why; a refused card returns to `payment`
 * with the provider's message and the car still free. The forms arrive as entered: the guards run
 * the domain's schemas (`isCustomerValid`, `isCardValid`) and a form that breaks them stays, with its
 * messages by field. The `reserve` actor's input is `ReserveCall`, the reserve service's own
 * parameter, so nothing it carries is dropped on the way (issue 32 item 1).
 */
export const reserveMachine = setup({
  types: {} as { context: ReserveContext; events: ReserveEvent; input: ReserveInput },
  actors: {
    gate: gatedRouteMachine,
    loadTerms: fromPromise<ReserveTerms, ReserveTermsQuery>(notProvided('loadTerms')),
    reserve: fromPromise<Reservation, ReserveCall>(notProvided('reserve')),
  },
  actions: {
    refreshCachedCars: (_, _params: { carId: number }) => notProvided('refreshCachedCars')(),
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
    assignCardErrors: assign(({ event }) => {
      if (event.type !== 'reserve.pay') return {};
      const checked = checkCard(event.values, event.at);
      return checked.ok ? {} : { error: null, fieldErrors: checked.fieldErrors };
    }),
    assignLoadError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    assignPaymentError: assign((_, error: unknown) => ({
      error: refusalMessage(error, PAYMENT_FAILED),
      fieldErrors: refusalFields(error),
    })),
    assignGone: assign((_, error: unknown) => ({ unavailable: refusalMessage(error, PAYMENT_FAILED) })),
    assignReservation: assign((_, reservation: Reservation) => ({ reservation, error: null })),
    clearError: assign({ error: null, fieldErrors: {} }),
  },
  guards: {
    gateAllows: (_, outcome: GatedRouteOutput) => outcome.allowed,
    gateRedirects: (_, outcome: GatedRouteOutput) => outcome.signInUrl !== null,
    /** Reservable now — and, on the checkout journey, a used car (§2 "used cars only"). */
    reservable: ({ context }, terms: ReserveTerms) =>
      terms.reservable && (!context.journey || terms.car_type === 'used'),
    journey: ({ context }) => context.journey,
    /** Step two's values keep `reserveCustomerSchema`. */
    isCustomerValid: ({ event }) => event.type === 'reserve.details' && checkCustomer(event.values).ok,
    /** The card form keeps `cardFormSchema` as of when it was sent. */
    isCardValid: ({ event }) => event.type === 'reserve.pay' && checkCard(event.values, event.at).ok,
    /** No such car here — or no such slug at all (the server refuses it as a request, 400). */
    notFound: (_, error: unknown) => [400, 404].includes(refusalOf(error).details?.status ?? 0),
    carGone: (_, error: unknown) => CAR_GONE.has(refusalOf(error).details?.code ?? ''),
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
    /** The car and its hold terms. */
    terms: { on: { 'reserve.start': 'details' } },
    /** The shopper's details. */
    details: {
      on: {
        'reserve.details': [
          { guard: and(['isCustomerValid', 'journey']), target: 'tradeIn', actions: 'assignCustomer' },
          { guard: 'isCustomerValid', target: 'payment', actions: 'assignCustomer' },
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
        'reserve.payWith': { target: 'payment', actions: 'assignPayWith' },
        'reserve.back': 'tradeIn',
      },
    },
    /** The deposit's card. */
    payment: {
      on: {
        'reserve.pay': [
          { guard: 'isCardValid', target: 'paying', actions: 'clearError' },
          { actions: 'assignCardErrors' },
        ],
        'reserve.back': [
          { guard: 'journey', target: 'paymentOption', actions: 'clearError' },
          { target: 'details', actions: 'clearError' },
        ],
      },
    },
    paying: {
      tags: ['busy'],
      invoke: {
        id: 'reserve',
        src: 'reserve',
        input: ({ context, event }) => ({
          carId: context.terms?.car.id ?? 0,
          customer: context.customer ?? { name: '', email: '', phone: '' },
          card: paidWith(event),
          purchase:
            context.journey && context.payWith
              ? { pay_with: context.payWith, trade_in: context.tradeIn ?? false }
              : null,
        }),
        onDone: {
          target: 'confirmed',
          actions: [
            { type: 'assignReservation', params: ({ event }) => event.output },
            { type: 'refreshCachedCars', params: ({ event }) => ({ carId: event.output.car_id }) },
          ],
        },
        onError: [
          {
            guard: { type: 'carGone', params: errorOf },
            target: 'unavailable',
            actions: { type: 'assignGone', params: errorOf },
          },
          { target: 'payment', actions: { type: 'assignPaymentError', params: errorOf } },
        ],
      },
    },
    /** The car cannot be reserved: sold, reserved by someone else, or not offered online. */
    unavailable: { type: 'final' },
    /** Held for 48 hours: the confirmation. */
    confirmed: { type: 'final' },
  },
});

/** A running reservation. */
export type ReserveActorRef = ActorRefFrom<typeof reserveMachine>;
