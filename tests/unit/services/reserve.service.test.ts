import { describe, expect, it } from 'vitest';
import type { Reservation } from '../../../domain/contracts/reserve.ts';
import { RESERVE_MESSAGES } from '../../../domain/reserve.ts';
import { createHttp } from '../../../services/http.ts';
import {
  confirmLocalPayment,
  memoryAttemptStore,
  reservationSender,
} from '../../../services/reserve/reserve.service.ts';
import { heldReservation, RESERVATION_ID, startedReservation } from '../../fixtures/reservations.ts';

/**
 * The reserve service (issue 34 item 3): one Idempotency-Key per attempt, used by the start and the
 * authorisation, kept while the outcome is unknown (a lost answer, the processor unreachable) and
 * ended by a definitive answer; the local component sends a token, never a number.
 */
const started = startedReservation;
const held = heldReservation;
const call = {
  carId: 501,
  customer: { name: 'Sam', email: 'sam@example.com', phone: '0400111222' },
  purchase: null,
};

type Answer = Reservation | 'lost' | 502 | 409;

/** A server that answers each call from `answers` in turn, and records what it was sent. */
function fakeServer(answers: Answer[]) {
  const sent: { path: string; key: string | null; body: string }[] = [];
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      sent.push({
        path: new URL(request.url).pathname,
        key: request.headers.get('idempotency-key'),
        body: await request.text(),
      });
      const answer = answers.shift();
      if (answer === 'lost' || answer === undefined) throw new TypeError('Failed to fetch');
      if (answer === 502) {
        return Response.json(
          { error: { code: 'payment_unavailable', message: 'Unavailable' } },
          { status: 502 },
        );
      }
      if (answer === 409) {
        return Response.json(
          { error: { code: 'car_reserved', message: RESERVE_MESSAGES.taken } },
          { status: 409 },
        );
      }
      return Response.json(answer, { status: answer.status === 'awaiting_payment' ? 201 : 200 });
    },
  });
  return { http, sent };
}

const settle = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    () => 'failed',
  );

describe('the reserve service (issue 34)', () => {
  it('a lost start and an unanswered authorisation keep the key; the hold ends the attempt', async () => {
    const { http, sent } = fakeServer(['lost', started, 502, 'lost', held, started]);
    const send = reservationSender(http);
    expect(await settle(send.start(call))).toBe('failed');
    expect(await send.start(call)).toEqual(started);
    const intent = { intent_id: 'pi_local_abcdefgh12' };
    expect(await settle(send.checkAuthorisation(intent))).toBe('failed');
    expect(await settle(send.checkAuthorisation(intent))).toBe('failed');
    expect(await send.checkAuthorisation(intent)).toEqual(held);
    const [first] = sent;
    expect(sent.map((request) => [request.path, request.key === first?.key])).toEqual([
      ['/api/reservations', true],
      ['/api/reservations', true],
      [`/api/reservations/${RESERVATION_ID}/authorisation`, true],
      [`/api/reservations/${RESERVATION_ID}/authorisation`, true],
      [`/api/reservations/${RESERVATION_ID}/authorisation`, true],
    ]);
    // The next reservation of the car is a new attempt.
    await send.start(call);
    expect(sent.at(-1)?.key).not.toBe(first?.key);
  });

  it('a refusal the server decided ends the attempt: the next start has a new key', async () => {
    const { http, sent } = fakeServer([409, started]);
    const send = reservationSender(http);
    expect(await settle(send.start(call))).toBe('failed');
    await send.start(call);
    expect(sent[0]?.key).not.toBe(sent[1]?.key);
  });

  it('back from the card issuer in a new page: the tab’s store finds the reservation and its key; another tab’s is not found', async () => {
    const store = memoryAttemptStore();
    const first = fakeServer([started]);
    await reservationSender(first.http, store).start(call);
    const back = fakeServer([held]);
    expect(
      await reservationSender(back.http, store).checkAuthorisation({ intent_id: 'pi_local_abcdefgh12' }),
    ).toEqual(held);
    expect(back.sent[0]?.key).toBe(first.sent[0]?.key);
    await expect(
      reservationSender(back.http).checkAuthorisation({ intent_id: 'pi_local_abcdefgh12' }),
    ).rejects.toMatchObject({
      message: RESERVE_MESSAGES.attemptLost,
      details: { code: 'reservation_not_found' },
    });
  });

  it('the local component sends the test card’s token and the client secret, never the number', async () => {
    const { http, sent } = fakeServer([]);
    await settle(
      confirmLocalPayment(http, started.payment as NonNullable<Reservation['payment']>, {
        card_number: '4000 0000 0000 0002',
      }),
    );
    expect(sent).toEqual([
      {
        path: '/api/payments/local/intents/pi_local_abcdefgh12/confirm',
        key: null,
        body: JSON.stringify({
          client_secret: 'pi_local_abcdefgh12_secret_x',
          payment_method: 'local_tok_declined',
        }),
      },
    ]);
    await expect(
      confirmLocalPayment(http, started.payment as NonNullable<Reservation['payment']>, {
        card_number: '4111 1111 1111 1111',
      }),
    ).rejects.toMatchObject({
      message: RESERVE_MESSAGES.notATestCard,
      details: { code: 'payment_declined' },
    });
    expect(sent).toHaveLength(1);
  });
});
