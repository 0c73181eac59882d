import type { Reservation } from '../../../domain/contracts/reserve.ts';
import { localCardToken } from '../../../domain/local-card-token.ts';
import { TEST_CARDS } from '../../../domain/reserve.ts';
import { localPaymentProvider } from '../../../server/payments/local.ts';
import {
  type CreateIntent,
  type PaymentProvider,
  PaymentUnavailableError,
} from '../../../server/payments/provider.ts';
import type { Executor } from '../../../server/store/db.ts';
import type { AccountServer, TestResponse } from './watchlist-test-server.ts';

/** A shopper's details, as the reserve form sends them. */
export const customer = { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400 111 222' };

/** What a recording provider was asked, and the faults a test arms on it. */
export interface Recorder {
  creates: CreateIntent[];
  calls: { action: 'capture' | 'cancel' | 'refund'; intentId: string; key: string }[];
  /** The next create is made, then answered as if the processor timed out (`timeoutAfterWrite`). */
  loseNextCreateAnswer: boolean;
  /** The next lookups fail as if the processor were unreachable. */
  unreachableLookups: number;
  /** Every capture fails (a processor that keeps refusing). */
  failCaptures: boolean;
}

/**
 * The local provider over the store (what the demo runs), recording what it is asked and with the
 * faults a test arms: a create whose answer is lost after the write, lookups that cannot reach the
 * processor, captures that keep failing.
 */
export function recordingProvider(db: Executor): { provider: PaymentProvider; recorder: Recorder } {
  const local = localPaymentProvider(db);
  const recorder: Recorder = {
    creates: [],
    calls: [],
    loseNextCreateAnswer: false,
    unreachableLookups: 0,
    failCaptures: false,
  };
  const provider: PaymentProvider = {
    name: local.name,
    publishableKey: local.publishableKey,
    async createIntent(request) {
      recorder.creates.push(request);
      // A create takes a moment, as a real one does: long enough for a rival request to arrive.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const intent = await local.createIntent(request);
      if (recorder.loseNextCreateAnswer) {
        recorder.loseNextCreateAnswer = false;
        throw new PaymentUnavailableError('timed out after the write');
      }
      return intent;
    },
    async retrieveIntent(intentId, account) {
      if (recorder.unreachableLookups > 0) {
        recorder.unreachableLookups -= 1;
        throw new PaymentUnavailableError('processor unreachable');
      }
      return local.retrieveIntent(intentId, account);
    },
    async capture(intentId, account, key) {
      recorder.calls.push({ action: 'capture', intentId, key });
      if (recorder.failCaptures) throw new PaymentUnavailableError('the processor answered 503');
      return local.capture(intentId, account, key);
    },
    async cancel(intentId, account, key) {
      recorder.calls.push({ action: 'cancel', intentId, key });
      return local.cancel(intentId, account, key);
    },
    async refund(intentId, account, key) {
      recorder.calls.push({ action: 'refund', intentId, key });
      return local.refund(intentId, account, key);
    },
  };
  return { provider, recorder };
}

/** The browser's side of a reservation over HTTP, on one dealer site. */
export function shopper(server: AccountServer, slug: string) {
  /** `POST /api/reservations`: the car claimed and its intent made. */
  const start = (carId: number, key: string, extra: Record<string, unknown> = {}) =>
    server.request(slug, '/api/reservations', {
      body: { car_id: carId, customer, ...extra },
      headers: { 'idempotency-key': key },
    });
  /** What the local payment component does with a test card: its token to the local confirm route. */
  const pay = (reservation: Reservation, card: string = TEST_CARDS.success) =>
    server.request(slug, `/api/payments/local/intents/${reservation.payment?.intent_id}/confirm`, {
      body: { client_secret: reservation.payment?.client_secret, payment_method: localCardToken(card) },
    });
  /** `POST /api/reservations/:id/authorisation` with the reservation's key. */
  const check = (reservationId: string, key: string) =>
    server.request(slug, `/api/reservations/${reservationId}/authorisation`, {
      method: 'POST',
      headers: { 'idempotency-key': key },
    });
  /** The whole of it with one card: start, pay, check. Answers the check's response. */
  const reserve = async (
    carId: number,
    key: string,
    card: string = TEST_CARDS.success,
    extra: Record<string, unknown> = {},
  ): Promise<TestResponse> => {
    const started = await start(carId, key, extra);
    if (started.status !== 201) return started;
    const reservation = started.json<Reservation>();
    await pay(reservation, card);
    return check(reservation.reservation_id, key);
  };
  return { start, pay, check, reserve };
}
