import {
  type ConsoleReservation,
  type ConsoleReservationsQuery,
  confirmReservationEndpoint,
  type confirmReservationRequest,
  consoleReservationsEndpoint,
  type consoleReservationsRequest,
  type ReservationActionCall,
  releaseReservationEndpoint,
  type releaseReservationRequest,
} from '../../domain/contracts/console-reservations.ts';
import type { AnswerOf } from '../../domain/contracts/endpoint.ts';
import { call, type Http } from '../http.ts';

/** The console's reservations list: one filter's or every one (`GET /api/dealer/reservations`). */
export function fetchConsoleReservations(
  http: Http,
  input: ConsoleReservationsQuery,
): Promise<AnswerOf<typeof consoleReservationsEndpoint>> {
  return call<typeof consoleReservationsEndpoint, typeof consoleReservationsRequest>(
    http,
    consoleReservationsEndpoint,
    input.state ? { query: { state: input.state } } : {},
  );
}

/**
 * Confirms the sale of a held car (`POST /api/dealer/reservations/:reservation/confirm`): the
 * reservation as it now is. Rejects with the server's code: `reservation_not_found` (404),
 * `already_confirmed`, `already_released`, `hold_expired`, `not_held` (409).
 */
export async function confirmReservation(
  http: Http,
  input: ReservationActionCall,
): Promise<ConsoleReservation> {
  const answer = await call<typeof confirmReservationEndpoint, typeof confirmReservationRequest>(
    http,
    confirmReservationEndpoint,
    { params: { reservation: input.reservation } },
  );
  return answer.reservation;
}

/**
 * Releases a live hold early (`POST /api/dealer/reservations/:reservation/release`): the reservation
 * as it now is. Rejects as `confirmReservation` does.
 */
export async function releaseReservation(
  http: Http,
  input: ReservationActionCall,
): Promise<ConsoleReservation> {
  const answer = await call<typeof releaseReservationEndpoint, typeof releaseReservationRequest>(
    http,
    releaseReservationEndpoint,
    { params: { reservation: input.reservation } },
  );
  return answer.reservation;
}
