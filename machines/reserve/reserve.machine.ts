import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { Reservation, ReserveTerms } from '../../domain/contracts/reserve.ts';
import type { GateRequest } from '../../domain/gated-routes.ts';
import type { CardForm, ReserveCustomer } from '../../domain/reserve.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalFields, refusalMessage, refusalOf } from '../shared/refusal.ts';

/** The route asked for (its gate) and the car's slug. */
export interface ReserveInput extends GateRequest {
  slug: string;
}

export interface ReserveContext extends ReserveInput {
  /** `/sign-in?…` when the gate sends an anonymous visitor there. */
  signInUrl: string | null;
  terms: ReserveTerms | null;
  customer: ReserveCustomer | null;
  reservation: Reservation | null;
  /** Why the car cannot be reserved (now, or any more). */
  unavailable: string | null;
  error: string | null;
  fieldErrors: Record<string, string>;
}

export type ReserveEvent =
  | { type: 'reserve.start' }
  /** Step two's values, checked by the view. */
  | { type: 'reserve.details'; customer: ReserveCustomer }
  /** The card form, checked by the view. */
  | { type: 'reserve.pay'; card: CardForm }
  | { type: 'reserve.invalid'; fieldErrors: Record<string, string> }
  | { type: 'reserve.back' }
  | { type: 'retry' };

/** What the payment failed with: the car gone (someone else, sold) or a card or network problem. */
const CAR_GONE = new Set(['car_reserved', 'car_sold', 'not_reservable', 'car_not_found']);
const PAYMENT_FAILED = 'We could not take your deposit. You have not been charged. Please try again.';

/**
 * Reserving a car online (`search-detail-finance-watchlist.md` §2 `/cars/{slug}/checkout` or
 * buy-online, §5, §9 "Reserve deposit default $200, fully refundable, car held 48 hours"; issue 17):
 * `checkingGate` (the gated route's decision: anonymous visitors of a personalised-flow site go to
 * `signIn`) → `loadingTerms` → `terms` (the car and its hold) → `details` (the shopper) → `payment`
 * (the card) → `paying` → `confirmed`. A car that cannot be reserved — before or, lost to another
 * shopper, during payment — ends in `unavailable` with why; a refused card returns to `payment`
 * with the provider's message and the car still free.
 */
export const reserveMachine = setup({
  types: {} as { context: ReserveContext; events: ReserveEvent; input: ReserveInput },
  actors: {
    checkGate: fromPromise<{ allowed: boolean; signInUrl: string | null }, GateRequest>(
      notProvided('checkGate'),
    ),
    loadTerms: fromPromise<ReserveTerms, { slug: string }>(notProvided('loadTerms')),
    reserve: fromPromise<Reservation, { carId: number; customer: ReserveCustomer; card: CardForm }>(
      notProvided('reserve'),
    ),
  },
  actions: {
    refreshCachedCars: (_, _params: { carId: number }) => notProvided('refreshCachedCars')(),
    assignGate: assign((_, outcome: { signInUrl: string | null }) => ({ signInUrl: outcome.signInUrl })),
    assignTerms: assign((_, terms: ReserveTerms) => ({
      terms,
      unavailable: terms.reservable ? null : terms.reason,
    })),
    assignCustomer: assign(({ event }) =>
      event.type === 'reserve.details' ? { customer: event.customer, error: null, fieldErrors: {} } : {},
    ),
    assignInvalid: assign(({ event }) =>
      event.type === 'reserve.invalid' ? { fieldErrors: event.fieldErrors } : {},
    ),
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
    allowed: (_, outcome: { allowed: boolean }) => outcome.allowed,
    reservable: (_, terms: ReserveTerms) => terms.reservable,
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
        id: 'checkGate',
        src: 'checkGate',
        input: ({ context }) => ({
          path: context.path,
          search: context.search,
          personalisedFlow: context.personalisedFlow,
        }),
        onDone: [
          { guard: { type: 'allowed', params: ({ event }) => event.output }, target: 'loadingTerms' },
          { target: 'signIn', actions: { type: 'assignGate', params: ({ event }) => event.output } },
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
        'reserve.details': { target: 'payment', actions: 'assignCustomer' },
        'reserve.invalid': { actions: 'assignInvalid' },
        'reserve.back': { target: 'terms', actions: 'clearError' },
      },
    },
    /** The deposit's card. */
    payment: {
      on: {
        'reserve.pay': { target: 'paying', actions: 'clearError' },
        'reserve.invalid': { actions: 'assignInvalid' },
        'reserve.back': { target: 'details', actions: 'clearError' },
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
          card:
            event.type === 'reserve.pay' ? event.card : { card_number: '', expiry: '', cvc: '', terms: true },
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
