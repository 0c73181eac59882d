import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { Reservation, ReserveTerms } from '../../../domain/contracts/reserve.ts';
import type { AuthUser } from '../../../domain/contracts/session.ts';
import { RESERVE_MESSAGES } from '../../../domain/reserve.ts';
import { gatedRouteMachine } from '../../../machines/gated-route/gated-route.machine.ts';
import {
  type AuthorisationQuery,
  type PaymentStepActorRef,
  paymentStepMachine,
} from '../../../machines/payment-step/payment-step.machine.ts';
import { reserveCatalogTerms } from '../../../machines/reserve/reserve.catalog.ts';
import { reserveMachine } from '../../../machines/reserve/reserve.machine.ts';
import {
  selectPaymentComponent,
  selectPaymentStep,
  selectView,
} from '../../../machines/reserve/reserve.selectors.ts';
import { ServiceError } from '../../../services/errors.ts';
import {
  heldReservation,
  processingReservation,
  RESERVATION_ID,
  reserveInput,
  startedReservation,
} from '../../fixtures/reservations.ts';

/**
 * The reserve machine's payment step (issue 34), its `paymentStep` child: the reservation started
 * without a card, the processor's confirmation, and the authorisation the server looks up — held,
 * refused, still being decided (asked again after a while), or not known (a lost answer: checked
 * again, never "not charged"); a Stripe car reached inside the app loads its own document; a shopper
 * sent back by the card issuer is asked about in the browser.
 */
const terms = reserveCatalogTerms;
const started = startedReservation;
const held = heldReservation;
const processing = processingReservation;
const customer = { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400 111 222' };
const card = { card_number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', terms: true };
const at = '2026-11-27T09:00:00.000Z';
const unavailable = () =>
  new ServiceError('http', 'The payment provider could not be reached', {
    status: 502,
    code: 'payment_unavailable',
  });

function start(options: {
  terms?: ReserveTerms;
  authorisations: (() => Promise<Reservation>)[];
  confirm?: () => Promise<void>;
  ownDocument?: boolean;
  returnedIntent?: string | null;
}) {
  const clock = new SimulatedClock();
  const asked: AuthorisationQuery[] = [];
  const calls: string[] = [];
  const starts: unknown[] = [];
  const actor = createActor(
    reserveMachine.provide({
      actors: {
        gate: gatedRouteMachine.provide({
          actors: { loadSession: fromPromise<AuthUser | null>(async () => null) },
        }),
        loadTerms: fromPromise(async () => options.terms ?? terms),
        paymentStep: paymentStepMachine.provide({
          actors: {
            startReservation: fromPromise(async ({ input }) => {
              starts.push(input);
              return started;
            }),
            confirmPayment: fromPromise(options.confirm ?? (async () => {})),
            checkAuthorisation: fromPromise(async ({ input }) => {
              asked.push(input);
              const next = options.authorisations.shift();
              if (!next) throw new Error('asked once too often');
              return next();
            }),
          },
        }),
      },
      actions: {
        refreshCachedCars: () => void calls.push('refreshCachedCars'),
        loadDocument: () => void calls.push('loadDocument'),
      },
    }),
    {
      clock,
      input: reserveInput({
        ownDocument: options.ownDocument ?? true,
        returnedIntent: options.returnedIntent ?? null,
      }),
    },
  ).start();
  return { actor, clock, asked, calls, starts };
}

type ReserveActor = ReturnType<typeof start>['actor'];

/** The payment step's actor, once the page is on it. */
async function paymentStepOf(actor: ReserveActor): Promise<PaymentStepActorRef> {
  const snapshot = await waitFor(actor, (current) => selectPaymentStep(current) !== undefined);
  return selectPaymentStep(snapshot) as PaymentStepActorRef;
}

async function payWithCard(actor: ReserveActor): Promise<PaymentStepActorRef> {
  await waitFor(actor, (snapshot) => snapshot.matches('terms'));
  actor.send({ type: 'reserve.start' });
  actor.send({ type: 'reserve.details', values: customer });
  const step = await paymentStepOf(actor);
  await waitFor(step, (snapshot) => snapshot.matches('payment'));
  step.send({ type: 'reserve.pay', values: card, at });
  return step;
}

describe('reserve machine: the payment step (issue 34)', () => {
  it('a payment the processor is still deciding is asked about again after a while, then held', async () => {
    const { actor, clock, asked, calls } = start({
      authorisations: [async () => processing, async () => held],
    });
    const step = await payWithCard(actor);
    await waitFor(step, (snapshot) => snapshot.matches('awaitingProcessor'));
    expect(selectView(actor.getSnapshot())).toBe('payment');
    clock.increment(2000);
    await waitFor(actor, (snapshot) => snapshot.matches('confirmed'));
    expect(asked).toEqual([
      { intent_id: 'pi_local_abcdefgh12', reservation_id: RESERVATION_ID },
      { intent_id: 'pi_local_abcdefgh12', reservation_id: RESERVATION_ID },
    ]);
    expect(calls).toEqual(['refreshCachedCars']);
  });

  it('a lost confirmation is checked with the server; an unanswered check says the payment is being checked, and Check again asks again', async () => {
    const { actor, asked } = start({
      confirm: () => Promise.reject(new ServiceError('network', 'Network error: Failed to fetch')),
      authorisations: [() => Promise.reject(unavailable()), async () => held],
    });
    const step = await payWithCard(actor);
    await waitFor(step, (snapshot) => snapshot.matches('checkFailed'));
    expect(step.getSnapshot().context.error).toBe(RESERVE_MESSAGES.checking);
    expect(RESERVE_MESSAGES.checking).not.toMatch(/not been charged/);
    step.send({ type: 'retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('confirmed'));
    expect(asked).toHaveLength(2);
  });

  it('a declined confirmation returns to the card with the processor’s message, nothing asked of the server', async () => {
    const { actor, asked } = start({
      confirm: () =>
        Promise.reject(
          new ServiceError('http', RESERVE_MESSAGES.declined, { status: 402, code: 'payment_declined' }),
        ),
      authorisations: [],
    });
    const step = await payWithCard(actor);
    await waitFor(step, (snapshot) => snapshot.matches('payment') && snapshot.context.error !== null);
    expect(step.getSnapshot().context.error).toBe(RESERVE_MESSAGES.declined);
    expect(asked).toEqual([]);
  });

  it('a Stripe car reached inside the app loads its own document before anything starts; its own document shows it', async () => {
    const stripeCar = { ...terms, test_mode: false };
    const inside = start({ terms: stripeCar, ownDocument: false, authorisations: [] });
    await waitFor(inside.actor, (snapshot) => snapshot.matches('loadingDocument'));
    expect(inside.calls).toEqual(['loadDocument']);
    const own = start({ terms: stripeCar, authorisations: [] });
    await waitFor(own.actor, (snapshot) => snapshot.matches('terms'));
    expect(selectPaymentComponent(own.actor.getSnapshot())).toBe('stripe');
    const local = start({ ownDocument: false, authorisations: [] });
    await waitFor(local.actor, (snapshot) => snapshot.matches('terms'));
    expect(selectPaymentComponent(local.actor.getSnapshot())).toBeNull();
  });

  it('back from the card issuer: the browser asks about the returned intent, and a refusal shows the card form again', async () => {
    const refused: Reservation = {
      ...started,
      payment: {
        ...(started.payment as NonNullable<Reservation['payment']>),
        processor: 'stripe',
        failure: 'Your card was declined.',
      },
    };
    const { actor, asked, starts } = start({
      // The car is this shopper's claim now: the terms say it cannot be reserved.
      terms: { ...terms, test_mode: false, reservable: false, reason: RESERVE_MESSAGES.taken },
      returnedIntent: 'pi_3Q0abc',
      authorisations: [async () => refused],
    });
    const step = await paymentStepOf(actor);
    expect(step.getSnapshot().matches('returning')).toBe(true);
    expect(selectPaymentComponent(actor.getSnapshot())).toBe('stripe');
    expect(asked).toEqual([]);
    step.send({ type: 'reserve.resume' });
    await waitFor(step, (snapshot) => snapshot.matches('payment'));
    expect(asked).toEqual([{ intent_id: 'pi_3Q0abc', reservation_id: null }]);
    expect(step.getSnapshot().context.error).toBe('Your card was declined.');

    // Back to the details and on again: a fresh start, not the return again.
    step.send({ type: 'reserve.back' });
    await waitFor(actor, (snapshot) => snapshot.matches('details'));
    actor.send({ type: 'reserve.details', values: customer });
    const again = await paymentStepOf(actor);
    await waitFor(again, (snapshot) => snapshot.matches('payment'));
    expect(starts).toEqual([{ carId: 501, customer: { ...customer, phone: '0400111222' }, purchase: null }]);
    expect(asked).toHaveLength(1);
  });
});
