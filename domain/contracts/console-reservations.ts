import { z } from 'zod/mini';
import {
  CONSOLE_RESERVATION_STATES,
  RESERVATION_FILTERS,
  type ReservationFilter,
} from '../console-reservations.ts';
import { PAYMENT_STATES } from '../reserve.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * The dealer console's reservations (issue 36 item 4): the site's reservations by state with the time
 * left on each hold, and the two things a dealer does with a hold — confirm the sale (the deposit
 * captured, the car sold) or release it early (the authorisation cancelled, the car back on sale).
 * Any signed-in member of the site's staff may (`staff: 'sales'`); another site's reservation is 404.
 */

/** A reservation as the console lists it. */
export const consoleReservationSchema = z.object({
  id: z.string(),
  state: z.enum(CONSOLE_RESERVATION_STATES),
  car: z.object({
    id: z.int(),
    /** The car's name (`2022 Mazda CX-5 Maxx`); `Car <id>` when the stock no longer holds it. */
    name: z.string(),
    stocknum: z.nullable(z.string()),
    /** The car page's slug on this site, or null when the stock no longer holds it. */
    slug: z.nullable(z.string()),
  }),
  /** The car's dealership, by name (a site may have several). */
  dealership: z.string(),
  shopper: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  /** The deposit, in dollars. */
  deposit: z.object({ amount: z.number(), currency: z.string() }),
  /** The deposit's payment as the processor last reported it (issue 34 item 6). */
  payment: z.object({
    processor: z.string(),
    state: z.enum(PAYMENT_STATES),
    /** The payment reference (the processor's intent id, `pi_…`). */
    reference: z.nullable(z.string()),
    brand: z.nullable(z.string()),
    last4: z.nullable(z.string()),
  }),
  held_until: z.nullable(z.string()),
  /** Whole seconds left on a live hold when the server answered; null for any other state. */
  seconds_left: z.nullable(z.int()),
  created_at: z.string(),
  /** When the sale was confirmed or the hold released by the dealer; null otherwise. */
  decided_at: z.nullable(z.string()),
});
/** A reservation as the console lists it. */
export type ConsoleReservation = z.infer<typeof consoleReservationSchema>;

/** How many reservations each filter holds (the list's tabs). */
export const reservationCountsSchema = z.object({
  held: z.int(),
  confirmed: z.int(),
  released: z.int(),
  expired: z.int(),
});
/** How many reservations each filter holds. */
export type ReservationCounts = z.infer<typeof reservationCountsSchema>;

/** The most reservations one list answers: the newest first. */
export const CONSOLE_RESERVATIONS_LIMIT = 200;

/**
 * `GET /api/dealer/reservations?state=`: this site's reservations, the newest first (at most
 * `CONSOLE_RESERVATIONS_LIMIT`), all of them or one filter's (`held` lists live holds and the claims
 * awaiting their payment), with each filter's count. Claims that never held a car are not listed.
 */
export const consoleReservationsEndpoint = {
  method: 'GET',
  path: '/api/dealer/reservations',
  answer: z.object({
    reservations: z.array(consoleReservationSchema),
    counts: reservationCountsSchema,
    /** The server's clock when it answered: what `seconds_left` was counted from. */
    as_of: z.string(),
    /** The dealer's time zone (IANA, from the site's address): the times are shown in it. */
    time_zone: z.string(),
  }),
  staff: 'sales',
} as const satisfies Endpoint;
export const consoleReservationsRequest = withRequest(consoleReservationsEndpoint, () => ({
  query: z.object({ state: z.optional(z.enum(RESERVATION_FILTERS)) }),
}));

/** The console's reservations list as the server answers it. */
export type ConsoleReservationsAnswer = z.infer<typeof consoleReservationsEndpoint.answer>;

const reservationParams = z.object({
  reservation: z
    .string()
    .check(
      z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Not a reservation id'),
    ),
});

/**
 * The refusals of a confirmation or a release: `reservation_not_found` (404: none of this site's),
 * `already_confirmed`, `already_released`, `hold_expired`, `not_held` (409: the sale was confirmed or
 * the hold released before — each is done once —, the hold ran out, or the shopper has not paid yet).
 */
export const RESERVATION_ACTION_ERRORS = [
  'reservation_not_found',
  'already_confirmed',
  'already_released',
  'hold_expired',
  'not_held',
] as const;

/** The reservation as it is after an action. */
const actionAnswer = z.object({ reservation: consoleReservationSchema });

/**
 * `POST /api/dealer/reservations/:reservation/confirm`: the dealer sold the held car — the rule of
 * `npm run reservations -- --confirm` (the same function): the hold `confirmed`, the car sold in the
 * store and search, the deposit's capture queued, the shopper's `confirmed` email queued and the
 * audit entry written in one transaction.
 */
export const confirmReservationEndpoint = {
  method: 'POST',
  path: '/api/dealer/reservations/:reservation/confirm',
  answer: actionAnswer,
  staff: 'sales',
} as const satisfies Endpoint;
export const confirmReservationRequest = withRequest(confirmReservationEndpoint, () => ({
  errors: RESERVATION_ACTION_ERRORS,
  params: reservationParams,
}));

/**
 * `POST /api/dealer/reservations/:reservation/release`: the dealer ends a live hold early — the car
 * back on sale in the store and search, the authorisation's cancel queued (nothing is taken), the
 * shopper's `released_by_dealer` email queued and the audit entry written in one transaction.
 */
export const releaseReservationEndpoint = {
  method: 'POST',
  path: '/api/dealer/reservations/:reservation/release',
  answer: actionAnswer,
  staff: 'sales',
} as const satisfies Endpoint;
export const releaseReservationRequest = withRequest(releaseReservationEndpoint, () => ({
  errors: RESERVATION_ACTION_ERRORS,
  params: reservationParams,
}));

/** What the console's list asks for: one filter, or every reservation. */
export interface ConsoleReservationsQuery {
  state: ReservationFilter | null;
}

/** What a confirmation or a release is called with: the reservation, by id. */
export interface ReservationActionCall {
  reservation: string;
}
