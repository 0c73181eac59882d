import { z } from 'zod/mini';
import {
  type CardForm,
  PAYMENT_METHOD_PATTERN,
  type Purchase,
  purchaseSchema,
  type ReserveCustomer,
  reserveCustomerSchema,
} from '../reserve.ts';
import { rowIdSchema } from '../row-id.ts';
import { type Endpoint, withRequest } from './endpoint.ts';
import { carSummarySchema } from './vehicle.ts';

/**
 * Reserving a car online (issue 17 items 1, 2, 5): the car's hold terms as the server computes them,
 * and the reservation itself. The deposit is always the server's figure (the site's
 * `reserve_deposit`, $200 by default): nothing the browser sends names an amount.
 */
const slugParams = z.object({
  slug: z.string().check(z.maxLength(200), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a car slug')),
});

export const reserveTermsSchema = z.object({
  car: carSummarySchema,
  car_type: z.enum(['new', 'used', 'demo']),
  /** Whether it can be reserved now; when not, why. */
  reservable: z.boolean(),
  reason: z.nullable(z.string()),
  deposit: z.object({ amount: z.number(), label: z.string(), hold_hours: z.int(), text: z.string() }),
  /** The deposit goes to the local demonstration provider: the page names its test cards. */
  test_mode: z.boolean(),
});
/** A car's hold terms. */
export type ReserveTerms = z.infer<typeof reserveTermsSchema>;

/** What the reserve page's `loadTerms` asks for: the car, by its slug. */
export interface ReserveTermsQuery {
  slug: string;
}

/** `GET /api/cars/:slug/reserve`: the car, whether it can be reserved, and the deposit and hold. */
export const reserveTermsEndpoint = {
  method: 'GET',
  path: '/api/cars/:slug/reserve',
  answer: reserveTermsSchema,
} as const satisfies Endpoint;
export const reserveTermsRequest = withRequest(reserveTermsEndpoint, () => ({
  errors: ['car_not_found'],
  params: slugParams,
}));

export const reservationSchema = z.object({
  reservation_id: z.string(),
  car_id: z.int(),
  status: z.enum(['held', 'confirmed']),
  amount: z.number(),
  currency: z.string(),
  held_until: z.iso.datetime(),
  lead_id: z.nullable(z.string()),
});
/** A reservation as the shopper's confirmation shows it. */
export type Reservation = z.infer<typeof reservationSchema>;

/**
 * `POST /api/reservations` with an `Idempotency-Key` (required: a resend answers the same reservation
 * and is never charged twice): the car, the shopper's details and the payment method's token → the
 * hold (201). Refusals: `car_reserved` and `car_sold` (409, not charged), `not_reservable` (409),
 * `payment_declined` (402), `payment_unavailable` (502), `idempotency_key_reused` (422: the key
 * answered a reservation of another car).
 */
export const reserveEndpoint = {
  method: 'POST',
  path: '/api/reservations',
  answer: reservationSchema,
  status: 201,
} as const satisfies Endpoint;
export const reserveRequest = withRequest(reserveEndpoint, () => ({
  errors: [
    'car_not_found',
    'car_reserved',
    'car_sold',
    'not_reservable',
    'payment_declined',
    'payment_unavailable',
    'reservation_failed',
    'not_used',
    'idempotency_key_reused',
  ],
  body: z.object({
    car_id: rowIdSchema(),
    customer: reserveCustomerSchema,
    payment_method: z.string().check(z.regex(PAYMENT_METHOD_PATTERN, 'Not a payment method')),
    /** The checkout journey's choices (used cars on the dealers switched on); a plain reservation has none. */
    purchase: z.optional(purchaseSchema),
  }),
}));

/**
 * One reservation as the browser makes it: the reserve machine's `reserve` actor takes it and the
 * reserve service's sender is called with it — one type, so a field the machine passes is a field the
 * service sends (issue 32 item 1). `purchase` is the checkout journey's choices, `null` for a plain
 * reservation.
 */
export interface ReserveCall {
  carId: number;
  customer: ReserveCustomer;
  card: CardForm;
  purchase: Purchase | null;
}

/**
 * The dealer's side of reservations (issue 17 item 2), for `npm run reservations`: a site's
 * reservations, and confirming the sale of a held car. Admin routes (bearer admin token), mounted
 * before tenant resolution like the other store commands' routes.
 */
export const adminReservationSchema = z.object({
  id: z.string(),
  car_id: z.int(),
  status: z.enum(['pending', 'held', 'failed', 'released', 'confirmed']),
  amount: z.number(),
  currency: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  held_until: z.nullable(z.string()),
  created_at: z.string(),
});
/** A reservation as the dealer's command lists it. */
export type AdminReservation = z.infer<typeof adminReservationSchema>;

const tenantSlug = z.string().check(z.minLength(1), z.maxLength(100));

/** `GET /api/admin/reservations?tenant=`: a site's reservations, the newest first. */
export const reservationsListEndpoint = {
  method: 'GET',
  path: '/api/admin/reservations',
  answer: z.object({ reservations: z.array(adminReservationSchema) }),
} as const satisfies Endpoint;
export const reservationsListRequest = withRequest(reservationsListEndpoint, () => ({
  errors: ['unauthorized', 'unknown_tenant'],
  query: z.object({ tenant: tenantSlug }),
}));

/**
 * `POST /api/admin/reservations/confirm` `{ tenant, reservation }`: the dealer sold the held car. The
 * hold becomes `confirmed` (never released by the sweep) and the car is sold everywhere at once.
 * Refusals: `reservation_not_found` (404; another site's too), `not_held` (409: pending, failed,
 * released or confirmed already).
 */
export const confirmSaleEndpoint = {
  method: 'POST',
  path: '/api/admin/reservations/confirm',
  answer: z.object({ reservation: adminReservationSchema }),
} as const satisfies Endpoint;
export const confirmSaleRequest = withRequest(confirmSaleEndpoint, () => ({
  errors: ['unauthorized', 'unknown_tenant', 'reservation_not_found', 'not_held'],
  body: z.object({
    tenant: tenantSlug,
    reservation: z
      .string()
      .check(
        z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Not a reservation id'),
      ),
  }),
}));
