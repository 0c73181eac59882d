import { z } from 'zod/mini';
import {
  PAYMENT_METHOD_PATTERN,
  PAYMENT_STATES,
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

/**
 * Where a reservation's payment is (issue 34): what the browser's payment component needs while the
 * deposit waits for the shopper's card — the processor, the intent's client secret (the browser
 * confirms the intent with the processor; the server never sees the card), and for Stripe the
 * publishable key and the dealer's connected account — and what the last attempt said.
 */
export const reservationPaymentSchema = z.object({
  processor: z.enum(['stripe', 'local']),
  /** The processor's payment intent (`pi_…`): the shopper's payment reference. */
  intent_id: z.string(),
  client_secret: z.string(),
  /** Stripe's publishable key (`pk_…`); null for the local demonstration provider. */
  publishable_key: z.nullable(z.string()),
  /** The dealer's Stripe connected account the intent lives on (`acct_…`), or null. */
  account: z.nullable(z.string()),
  /**
   * `awaiting_card`: no card yet, or the last one was refused (`failure` says why; another card may be
   * tried on the same intent); `processing`: the processor has not decided yet (ask again shortly).
   */
  state: z.enum(['awaiting_card', 'processing']),
  failure: z.nullable(z.string()),
});
export type ReservationPayment = z.infer<typeof reservationPaymentSchema>;

/**
 * A reservation as the browser sees it. `awaiting_payment`: the car is claimed for the shopper (for
 * `PENDING_CLAIM_MINUTES`) and its deposit waits for the card (`payment`); `held`: the deposit is
 * authorised and the car held until `held_until`; `confirmed`: the dealer sold it to the shopper.
 */
export const reservationSchema = z.object({
  reservation_id: z.string(),
  car_id: z.int(),
  status: z.enum(['awaiting_payment', 'held', 'confirmed']),
  amount: z.number(),
  currency: z.string(),
  held_until: z.nullable(z.iso.datetime()),
  lead_id: z.nullable(z.string()),
  /** While `awaiting_payment`: what the payment component needs; null once held. */
  payment: z.nullable(reservationPaymentSchema),
});
/** A reservation as the shopper's pages show it. */
export type Reservation = z.infer<typeof reservationSchema>;

const reservationErrors = [
  'car_not_found',
  'car_reserved',
  'car_sold',
  'not_reservable',
  'payment_unavailable',
  'reservation_failed',
  'not_used',
  'idempotency_key_reused',
] as const;

/**
 * `POST /api/reservations` with an `Idempotency-Key` (required; the browser keeps it until the
 * outcome is known): the car, the shopper's details and the checkout journey's choices → the car
 * claimed and the deposit's payment intent created with the processor, authorise-only (201,
 * `awaiting_payment` with `payment`). A resend with the same key answers the same reservation in its
 * current state (the same intent: never a second one). Refusals: `car_reserved` and `car_sold`
 * (409), `not_reservable` (409), `not_used` (409), `payment_unavailable` (502: the processor could
 * not be reached; nothing can have been charged, as no card was given yet), `idempotency_key_reused`
 * (422: the key answered a reservation of another car). No card data of any kind is taken here.
 */
export const reserveEndpoint = {
  method: 'POST',
  path: '/api/reservations',
  answer: reservationSchema,
  status: 201,
} as const satisfies Endpoint;
export const reserveRequest = withRequest(reserveEndpoint, () => ({
  errors: reservationErrors,
  body: z.object({
    car_id: rowIdSchema(),
    customer: reserveCustomerSchema,
    /** The checkout journey's choices (used cars on the dealers switched on); a plain reservation has none. */
    purchase: z.optional(purchaseSchema),
  }),
}));

const reservationParams = z.object({
  reservation: z
    .string()
    .check(
      z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Not a reservation id'),
    ),
});

/**
 * `POST /api/reservations/:reservation/authorisation` with the reservation's own `Idempotency-Key`
 * (any other key: 404, so an id alone reveals nothing): the browser has finished the processor's
 * confirmation (or lost its answer); the server looks the intent up with the processor and answers
 * the reservation as it now is — `held` once the deposit is authorised (the hold, the dealer's lead and
 * the shopper's receipt are stored first), still `awaiting_payment` with the refusal in
 * `payment.failure` or `processing`. Refusals: `reservation_not_found` (404), `car_reserved`,
 * `car_sold`, `reservation_failed` (409: the claim ended; any authorisation is cancelled, never
 * charged), `payment_unavailable` (502: the processor could not be asked; the browser asks again
 * and never tells the shopper they were not charged).
 */
export const authorisationEndpoint = {
  method: 'POST',
  path: '/api/reservations/:reservation/authorisation',
  answer: reservationSchema,
} as const satisfies Endpoint;
export const authorisationRequest = withRequest(authorisationEndpoint, () => ({
  errors: ['reservation_not_found', ...reservationErrors],
  params: reservationParams,
}));

/**
 * The local demonstration provider's confirmation, what Stripe.js's `confirmPayment` is for Stripe
 * (issue 34 item 1; decision 116): `POST /api/payments/local/intents/:intent/confirm` with the
 * intent's client secret and the token the browser's payment component made of a documented test
 * card (`local_tok_<outcome>`, never a number) → the intent's status (`requires_capture` once
 * authorised). Refusals: `payment_declined` (402, the message for the shopper; the intent waits for
 * another card), `payment_unavailable` (502, the network failure test card: nothing authorised),
 * `intent_not_found` (404: unknown intent or wrong client secret), `intent_not_confirmable` (409).
 */
export const localConfirmEndpoint = {
  method: 'POST',
  path: '/api/payments/local/intents/:intent/confirm',
  answer: z.object({ id: z.string(), status: z.string() }),
} as const satisfies Endpoint;
export const localConfirmRequest = withRequest(localConfirmEndpoint, () => ({
  errors: ['payment_declined', 'payment_unavailable', 'intent_not_found', 'intent_not_confirmable'],
  params: z.object({
    intent: z.string().check(z.regex(/^pi_local_[a-z0-9]{8,64}$/, 'Not a payment intent')),
  }),
  body: z.object({
    client_secret: z.string().check(z.maxLength(200)),
    payment_method: z.string().check(z.regex(PAYMENT_METHOD_PATTERN, 'Not a payment method')),
  }),
}));

/**
 * `POST /api/payments/stripe/webhook`: Stripe's events (issue 34 item 3). Its authority is the
 * `Stripe-Signature` header over the raw body (the endpoint secret from `STRIPE_WEBHOOK_SECRET`), not a
 * session or an origin; it is idempotent by event id. 200 `{ received: true }` for every event it
 * verified (handled or not); 400 `invalid_signature`.
 */
export const stripeWebhookEndpoint = {
  method: 'POST',
  path: '/api/payments/stripe/webhook',
  answer: z.object({ received: z.literal(true) }),
  crossOrigin: true,
} as const satisfies Endpoint;
export const stripeWebhookRequest = withRequest(stripeWebhookEndpoint, () => ({
  errors: ['invalid_signature'],
}));

/**
 * One reservation as the browser starts it: the reserve machine's `startReservation` actor takes it
 * and the reserve service's sender is called with it — one type, so a field the machine passes is a
 * field the service sends (issue 32 item 1). `purchase` is the checkout journey's choices, `null` for
 * a plain reservation. No card: the card goes to the processor's component (issue 34 item 1).
 */
export interface ReserveCall {
  carId: number;
  customer: ReserveCustomer;
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
  /** The deposit's payment as the processor last reported it (issue 34 item 6). */
  payment: z.object({
    processor: z.string(),
    intent_id: z.nullable(z.string()),
    state: z.enum(PAYMENT_STATES),
    brand: z.nullable(z.string()),
    last4: z.nullable(z.string()),
  }),
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
