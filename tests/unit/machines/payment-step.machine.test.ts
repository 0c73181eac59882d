import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Reservation, ReserveCall } from '../../../domain/contracts/reserve.ts';
import {
  type PaymentStepInput,
  paymentStepMachine,
} from '../../../machines/payment-step/payment-step.machine.ts';
import {
  selectIsReturning,
  selectPaymentStage,
} from '../../../machines/payment-step/payment-step.selectors.ts';
import { ServiceError } from '../../../services/errors.ts';
import { heldReservation, startedReservation } from '../../fixtures/reservations.ts';

/**
 * The payment step on its own (decision 121): it opens on a fresh start or on a return from the card
 * issuer, as its input says, and its output tells the reserve machine how it ended — held, the car
 * gone, or back.
 */
const started = startedReservation;
const held = heldReservation;
const fresh: PaymentStepInput = {
  carId: 501,
  customer: { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400111222' },
  purchase: { pay_with: 'finance', trade_in: true },
  returnedIntent: null,
};

function run(input: PaymentStepInput, start: () => Promise<Reservation> = async () => started) {
  const starts: ReserveCall[] = [];
  const actor = createActor(
    paymentStepMachine.provide({
      actors: {
        startReservation: fromPromise(async ({ input }) => {
          starts.push(input);
          return start();
        }),
        confirmPayment: fromPromise(async () => {}),
        checkAuthorisation: fromPromise(async () => held),
      },
    }),
    { input },
  ).start();
  return { actor, starts };
}

describe('payment step (decision 121)', () => {
  it('a fresh start starts the reservation at once with the car, the shopper and the journey’s choices', async () => {
    const { actor, starts } = run(fresh);
    expect(selectPaymentStage(actor.getSnapshot())).toBe('starting');
    await waitFor(actor, (snapshot) => snapshot.matches('payment'));
    expect(starts).toEqual([{ carId: 501, customer: fresh.customer, purchase: fresh.purchase }]);
  });

  it('a return from the card issuer starts nothing and waits for the browser, then ends held', async () => {
    const { actor, starts } = run({ ...fresh, returnedIntent: 'pi_3Q0abc' });
    expect(selectIsReturning(actor.getSnapshot())).toBe(true);
    expect(starts).toEqual([]);
    actor.send({ type: 'reserve.resume' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'held', reservation: held });
  });

  it('the car gone ends it with why; Back ends it with nothing to say', async () => {
    const gone = run(fresh, () =>
      Promise.reject(
        new ServiceError('http', 'Sorry, someone has just reserved this car.', {
          status: 409,
          code: 'car_reserved',
        }),
      ),
    );
    await waitFor(gone.actor, (snapshot) => snapshot.status === 'done');
    expect(gone.actor.getSnapshot().output).toEqual({
      outcome: 'gone',
      message: 'Sorry, someone has just reserved this car.',
    });
    const back = run(fresh);
    await waitFor(back.actor, (snapshot) => snapshot.matches('payment'));
    back.actor.send({ type: 'reserve.back' });
    expect(back.actor.getSnapshot().output).toEqual({ outcome: 'back' });
  });
});
