import type { EveryFieldOf } from '../../domain/contracts/endpoint.ts';
import {
  authorisationEndpoint,
  type authorisationRequest,
  localConfirmEndpoint,
  type localConfirmRequest,
  type Reservation,
  type ReservationPayment,
  type ReserveCall,
  type ReserveTerms,
  type ReserveTermsQuery,
  reserveEndpoint,
  type reserveRequest,
  reserveTermsEndpoint,
} from '../../domain/contracts/reserve.ts';
import { localCardToken } from '../../domain/local-card-token.ts';
import { type CardForm, RESERVE_MESSAGES } from '../../domain/reserve.ts';
import { isServiceError, ServiceError } from '../errors.ts';
import { call, type Http } from '../http.ts';
import { newIdempotencyKey } from '../leads/leads.service.ts';

/**
 * The reserve wizard's calls (issues 17, 34): a car's hold terms; the reservation, started without a
 * card; the local demonstration provider's confirmation of a test card; and the authorisation, which
 * the server looks up with the processor. The deposit is the server's; the card goes to the
 * processor's component and never to this server — the local component sends only a token naming the
 * test card's outcome.
 */

/** `GET /api/cars/:slug/reserve`. */
export function fetchReserveTerms(http: Http, query: ReserveTermsQuery): Promise<ReserveTerms> {
  return call(http, reserveTermsEndpoint, { params: { slug: query.slug } });
}

/**
 * `POST /api/reservations` with the attempt's `Idempotency-Key`: the car claimed and the deposit's
 * payment intent made (`awaiting_payment` with `payment`). It names every field of the contract's body
 * (`EveryFieldOf`), so nothing the machine passes is dropped on the way (issue 32 item 1).
 */
export function startReservation(http: Http, input: ReserveCall, key: string): Promise<Reservation> {
  const body = {
    car_id: input.carId,
    customer: input.customer,
    purchase: input.purchase ?? undefined,
  } satisfies EveryFieldOf<typeof reserveRequest>;
  return call<typeof reserveEndpoint, typeof reserveRequest>(http, reserveEndpoint, {
    body,
    headers: { 'idempotency-key': key },
  });
}

/**
 * `POST /api/reservations/:reservation/authorisation` with the reservation's own key: the
 * reservation as the processor's answer leaves it — held, refused (`payment.failure`) or processing.
 */
export function checkAuthorisation(
  http: Http,
  reservation: Pick<Reservation, 'reservation_id'>,
  key: string,
): Promise<Reservation> {
  return call<typeof authorisationEndpoint, typeof authorisationRequest>(http, authorisationEndpoint, {
    params: { reservation: reservation.reservation_id },
    headers: { 'idempotency-key': key },
  });
}

/**
 * The local demonstration provider's component confirming its intent (what Stripe.js's
 * `confirmPayment` is for Stripe): the test card becomes its token here in the browser
 * (`local_tok_<outcome>`, `domain/local-card-token.ts`), and only the token and the intent's client
 * secret are sent. A number that is not a test card is refused before anything is sent, with the
 * demonstration's message, as a decline the machine shows like the processor's own.
 */
export async function confirmLocalPayment(
  http: Http,
  payment: Pick<ReservationPayment, 'intent_id' | 'client_secret'>,
  card: Pick<CardForm, 'card_number'>,
): Promise<void> {
  const token = localCardToken(card.card_number);
  if (token === null) {
    throw new ServiceError('validation', RESERVE_MESSAGES.notATestCard, { code: 'payment_declined' });
  }
  const body = {
    client_secret: payment.client_secret,
    payment_method: token,
  } satisfies EveryFieldOf<typeof localConfirmRequest>;
  await call<typeof localConfirmEndpoint, typeof localConfirmRequest>(http, localConfirmEndpoint, {
    params: { intent: payment.intent_id },
    body,
  });
}

/**
 * Where the sender keeps each attempt's key while its outcome is unknown: in memory, and (the page's
 * wiring adds it) in the tab's session storage, so a page the processor sent back after a card
 * issuer's check (3-D Secure) still finds its reservation and key.
 */
export interface AttemptStore {
  get(name: string): string | null;
  set(name: string, value: string): void;
  delete(name: string): void;
}

/** An attempt's store in memory only. */
export function memoryAttemptStore(): AttemptStore {
  const values = new Map<string, string>();
  return {
    get: (name) => values.get(name) ?? null,
    set: (name, value) => void values.set(name, value),
    delete: (name) => void values.delete(name),
  };
}

/** One started reservation: its id, its key and its car, found by its payment intent. */
interface Attempt {
  reservation_id: string;
  key: string;
  car_id: number;
}

/**
 * A refusal the server decided (a 4xx): the attempt is over. A network failure, or a 5xx such as
 * `payment_unavailable`, leaves the outcome unknown: the attempt keeps its key and asks again.
 */
const decided = (error: unknown): boolean => {
  const status = isServiceError(error) ? error.details.status : undefined;
  return status !== undefined && status < 500;
};

/** What the reserve page's actors call: the attempt's start, and its authorisation. */
export interface ReservationSender {
  start(input: ReserveCall): Promise<Reservation>;
  /** The authorisation of the attempt whose payment intent this is (its reservation, its key). */
  checkAuthorisation(query: { intent_id: string }): Promise<Reservation>;
}

/**
 * Sends reservations with one `Idempotency-Key` per attempt, kept until the outcome is known (issue
 * 34 item 3): the start and the authorisation use it; an answer lost to the network, or the
 * processor unreachable (5xx), keeps it, so asking again finds the same reservation and the same
 * payment intent and nothing is paid twice; a definitive answer ends it — the deposit held, or a
 * refusal (the car gone, the claim ended). An attempt is one car's: going back a step and on again
 * resends the same key and finds the same reservation. A refused card keeps the attempt (another
 * card is tried on the same intent).
 */
export function reservationSender(http: Http, store: AttemptStore = memoryAttemptStore()): ReservationSender {
  const carKey = (carId: number) => `reserve:car:${carId}`;
  const intentKey = (intentId: string) => `reserve:intent:${intentId}`;
  const attemptOf = (intentId: string): Attempt | null => {
    const saved = store.get(intentKey(intentId));
    if (!saved) return null;
    try {
      return JSON.parse(saved) as Attempt;
    } catch {
      return null;
    }
  };
  const end = (attempt: Attempt, intentId: string) => {
    store.delete(carKey(attempt.car_id));
    store.delete(intentKey(intentId));
  };
  return {
    async start(input) {
      const key = store.get(carKey(input.carId)) ?? newIdempotencyKey();
      store.set(carKey(input.carId), key);
      try {
        const reservation = await startReservation(http, input, key);
        const attempt: Attempt = {
          reservation_id: reservation.reservation_id,
          key,
          car_id: reservation.car_id,
        };
        if (reservation.payment) store.set(intentKey(reservation.payment.intent_id), JSON.stringify(attempt));
        else store.delete(carKey(input.carId));
        return reservation;
      } catch (error) {
        if (decided(error)) store.delete(carKey(input.carId));
        throw error;
      }
    },
    async checkAuthorisation({ intent_id }) {
      const attempt = attemptOf(intent_id);
      if (!attempt) {
        throw new ServiceError('notFound', RESERVE_MESSAGES.attemptLost, { code: 'reservation_not_found' });
      }
      try {
        const reservation = await checkAuthorisation(http, attempt, attempt.key);
        // Held: the car's attempt is over; the intent's stays, so a reload of the page the processor
        // sent the shopper back to asks again (the same answer) instead of losing the reservation.
        if (reservation.status !== 'awaiting_payment') store.delete(carKey(attempt.car_id));
        return reservation;
      } catch (error) {
        if (decided(error)) end(attempt, intent_id);
        throw error;
      }
    },
  };
}
