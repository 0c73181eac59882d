import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { Reservation, ReserveCall } from '../../domain/contracts/reserve.ts';
import { RESERVE_MESSAGES } from '../../domain/reserve.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalFields, refusalMessage, refusalOf } from '../shared/refusal.ts';
import {
  type AuthorisationQuery,
  checkPaymentForm,
  confirmationOf,
  isHeldReservation,
  outcomeOf,
  type PaymentConfirmation,
  type PaymentStepContext,
  type PaymentStepEvent,
  type PaymentStepInput,
  type PaymentStepOutput,
  processorOf,
} from './payment-step.context.ts';

export type {
  AuthorisationQuery,
  FormValues,
  PaymentConfirmation,
  PaymentStepContext,
  PaymentStepEvent,
  PaymentStepInput,
  PaymentStepOutput,
} from './payment-step.context.ts';

/** The car gone (someone else, sold, not offered) or the claim ended: no card can change that. */
const GONE = new Set([
  'car_reserved',
  'car_sold',
  'not_reservable',
  'car_not_found',
  'not_used',
  'reservation_failed',
  'reservation_not_found',
]);
/** The reservation could not be started: no card was given yet, so nothing can have been charged. */
const START_FAILED = 'We could not start your reservation. You have not been charged. Please try again.';
/** How long the processor is given before it is asked again about a payment it is still deciding. */
const PROCESSOR_POLL_MS = 2000;

/**
 * The reserve wizard's payment step (issue 34; decision 121), the `reserve` machine's child: it opens
 * on `startingPayment` (the car claimed, the deposit's payment intent made: `awaiting_payment`) or,
 * back from a redirect to the card issuer (`returnedIntent`), on `returning` (the server render stops
 * there; `reserve.resume` in the browser asks about that payment). Then `payment` (the processor's
 * component: ours for the local provider, Stripe's Payment Element) → `confirmingPayment` (the
 * processor confirms the card in the browser; 3-D Secure there) → `checkingAuthorisation` (the server
 * asks the processor) → `held`. A refused card returns to `payment` with the processor's message; a
 * payment still being decided is asked about again after `processorPoll`; a lost answer or an
 * unreachable processor rests in `checkFailed`, which never says the shopper was not charged and asks
 * again (the same key) on `retry`. A car that cannot be reserved, or a claim that ended, ends in
 * `gone`; Back ends in `back`. The output (`PaymentStepOutput`) says which.
 */
export const paymentStepMachine = setup({
  types: {} as {
    context: PaymentStepContext;
    events: PaymentStepEvent;
    input: PaymentStepInput;
    output: PaymentStepOutput;
  },
  actors: {
    startReservation: fromPromise<Reservation, ReserveCall>(notProvided('startReservation')),
    confirmPayment: fromPromise<void, PaymentConfirmation>(notProvided('confirmPayment')),
    checkAuthorisation: fromPromise<Reservation, AuthorisationQuery>(notProvided('checkAuthorisation')),
  },
  delays: { processorPoll: PROCESSOR_POLL_MS },
  actions: {
    assignPaymentFormErrors: assign(({ context, event }) => {
      if (event.type !== 'reserve.pay') return {};
      const checked = checkPaymentForm(processorOf(context), event.values, event.at);
      return checked.ok ? {} : { error: null, fieldErrors: checked.fieldErrors };
    }),
    /** The server's refusal says why; a lost answer or a fault is the form's own text. */
    assignStartError: assign((_, error: unknown) => ({
      error: refusalOf(error).details?.status ? refusalMessage(error, START_FAILED) : START_FAILED,
      fieldErrors: refusalFields(error),
    })),
    assignDeclined: assign((_, error: unknown) => ({
      error: refusalMessage(error, RESERVE_MESSAGES.declined),
      fieldErrors: {},
    })),
    assignChecking: assign({ error: RESERVE_MESSAGES.checking, fieldErrors: {} }),
    assignGone: assign((_, error: unknown) => ({ gone: refusalMessage(error, RESERVE_MESSAGES.taken) })),
    assignReservation: assign((_, reservation: Reservation) => ({ reservation, error: null })),
    /** The processor refused the card (its message), or saw none confirmed: another may be tried. */
    assignRefused: assign((_, reservation: Reservation) => ({
      reservation,
      error: reservation.payment?.failure ?? RESERVE_MESSAGES.notCompleted,
    })),
    clearError: assign({ error: null, fieldErrors: {} }),
  },
  guards: {
    isReturning: ({ context }) => context.returnedIntent !== null,
    /** The local card keeps `cardFormSchema` as of when it was sent; beside Stripe's component, the terms. */
    isPaymentFormValid: ({ context, event }) =>
      event.type === 'reserve.pay' && checkPaymentForm(processorOf(context), event.values, event.at).ok,
    isHeld: (_, reservation: Reservation) => isHeldReservation(reservation),
    isProcessing: (_, reservation: Reservation) => reservation.payment?.state === 'processing',
    isGone: (_, error: unknown) => GONE.has(refusalOf(error).details?.code ?? ''),
    isDeclined: (_, error: unknown) => refusalOf(error).details?.code === 'payment_declined',
  },
}).createMachine({
  id: 'paymentStep',
  context: ({ input }) => ({ ...input, reservation: null, gone: null, error: null, fieldErrors: {} }),
  initial: 'opening',
  output: ({ context }) => outcomeOf(context),
  states: {
    /** A fresh start, or back from the card issuer: the input says which. */
    opening: {
      always: [{ guard: 'isReturning', target: 'returning' }, { target: 'startingPayment' }],
    },
    /** Back from the card issuer's check: the browser asks about the payment once it runs the page. */
    returning: { tags: ['busy'], on: { 'reserve.resume': 'checkingAuthorisation' } },
    /** The car claimed and the deposit's payment intent made (no card yet). */
    startingPayment: {
      tags: ['busy'],
      invoke: {
        id: 'startReservation',
        src: 'startReservation',
        input: ({ context }) => ({
          carId: context.carId,
          customer: context.customer,
          purchase: context.purchase,
        }),
        onDone: [
          {
            guard: { type: 'isHeld', params: ({ event }) => event.output },
            target: 'held',
            actions: { type: 'assignReservation', params: ({ event }) => event.output },
          },
          { target: 'payment', actions: { type: 'assignReservation', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'isGone', params: errorOf },
            target: 'gone',
            actions: { type: 'assignGone', params: errorOf },
          },
          { target: 'startFailed', actions: { type: 'assignStartError', params: errorOf } },
        ],
      },
    },
    /** The reservation could not be started (no card was given): try again, or go back. */
    startFailed: {
      on: {
        retry: { target: 'startingPayment', actions: 'clearError' },
        'reserve.back': 'back',
      },
    },
    /** The processor's component with the intent's client secret, and the terms. */
    payment: {
      on: {
        'reserve.pay': [
          { guard: 'isPaymentFormValid', target: 'confirmingPayment', actions: 'clearError' },
          { actions: 'assignPaymentFormErrors' },
        ],
        'reserve.back': 'back',
      },
    },
    /** The processor confirms the card in the browser (3-D Secure there); the server is told next. */
    confirmingPayment: {
      tags: ['busy'],
      invoke: {
        id: 'confirmPayment',
        src: 'confirmPayment',
        input: ({ context, event }) => confirmationOf(context, event),
        onDone: 'checkingAuthorisation',
        onError: [
          {
            guard: { type: 'isDeclined', params: errorOf },
            target: 'payment',
            actions: { type: 'assignDeclined', params: errorOf },
          },
          // The answer was lost or the processor failed: what happened is the server's to find out.
          { target: 'checkingAuthorisation' },
        ],
      },
    },
    /** The server looks the payment intent up with the processor: held, refused, or still deciding. */
    checkingAuthorisation: {
      tags: ['busy'],
      invoke: {
        id: 'checkAuthorisation',
        src: 'checkAuthorisation',
        input: ({ context }) => ({
          intent_id: context.reservation?.payment?.intent_id ?? context.returnedIntent ?? '',
          reservation_id: context.reservation?.reservation_id ?? null,
        }),
        onDone: [
          {
            guard: { type: 'isHeld', params: ({ event }) => event.output },
            target: 'held',
            actions: { type: 'assignReservation', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isProcessing', params: ({ event }) => event.output },
            target: 'awaitingProcessor',
            actions: { type: 'assignReservation', params: ({ event }) => event.output },
          },
          { target: 'payment', actions: { type: 'assignRefused', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'isGone', params: errorOf },
            target: 'gone',
            actions: { type: 'assignGone', params: errorOf },
          },
          { target: 'checkFailed', actions: 'assignChecking' },
        ],
      },
    },
    /** The processor is still deciding: asked again shortly. */
    awaitingProcessor: { tags: ['busy'], after: { processorPoll: 'checkingAuthorisation' } },
    /** The outcome is not known (a lost answer, the processor unreachable): ask again with the same key. */
    checkFailed: { on: { retry: 'checkingAuthorisation' } },
    /** Held for 48 hours: the reserve machine shows the confirmation. */
    held: { type: 'final' },
    /** The car cannot be reserved any more: sold, reserved by someone else, or the claim ended. */
    gone: { type: 'final' },
    /** The shopper went back a step (the reserve machine goes to the details or the payment option). */
    back: { type: 'final' },
  },
});

/** A running payment step. */
export type PaymentStepActorRef = ActorRefFrom<typeof paymentStepMachine>;
