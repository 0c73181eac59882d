import type { EveryFieldOf } from '../../domain/contracts/endpoint.ts';
import {
  type Reservation,
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
 * The reserve wizard's calls (issue 17): a car's hold terms, and the reservation. The deposit is the
 * server's; the browser names only the car, the shopper and the payment method.
 */

/** `GET /api/cars/:slug/reserve`. */
export function fetchReserveTerms(http: Http, query: ReserveTermsQuery): Promise<ReserveTerms> {
  return call(http, reserveTermsEndpoint, { params: { slug: query.slug } });
}

/**
 * The payment method a card becomes, here in the browser: the local demo provider's token for a test
 * card (`local_tok_<outcome>`, `domain/local-card-token.ts`), so the number itself is never sent
 * (decision 116). Any other number is refused before anything is sent, with the demonstration's
 * message, as a `ServiceError` the reserve machine shows like the provider's own refusal.
 */
export function paymentMethodFor(card: CardForm): string {
  const token = localCardToken(card.card_number);
  if (token === null) {
    throw new ServiceError('validation', RESERVE_MESSAGES.notATestCard, { code: 'payment_declined' });
  }
  return token;
}

/**
 * Sends reservations with an `Idempotency-Key` per attempt: an attempt whose answer was lost (a
 * network failure) is sent again with the same key, so it finds its reservation and is never charged
 * twice; an attempt the server answered — even with a refusal — is over, and the next one (another
 * card, a retry after a decline) is new. It takes the machine's own `ReserveCall` and names every
 * field of the contract's body (`EveryFieldOf`), so nothing the machine passes is dropped on the way
 * (issue 32 item 1: the checkout journey's `purchase` was).
 */
export function reservationSender(http: Http): (input: ReserveCall) => Promise<Reservation> {
  const keys = new Map<string, string>();
  return async ({ carId, customer, card, purchase }) => {
    const body = {
      car_id: carId,
      customer,
      payment_method: paymentMethodFor(card),
      purchase: purchase ?? undefined,
    } satisfies EveryFieldOf<typeof reserveRequest>;
    const identity = JSON.stringify(body);
    const key = keys.get(identity) ?? newIdempotencyKey();
    keys.set(identity, key);
    try {
      const reservation = await call<typeof reserveEndpoint, typeof reserveRequest>(http, reserveEndpoint, {
        body,
        headers: { 'idempotency-key': key },
      });
      keys.delete(identity);
      return reservation;
    } catch (error) {
      if (isServiceError(error) && error.details.status !== undefined) keys.delete(identity);
      throw error;
    }
  };
}
