import type { Hono } from 'hono';
import { stripeWebhookRequest } from '../../domain/contracts/reserve.ts';
import type { AppEnv } from '../app-env.ts';
import {
  type BucketConfig,
  type Limiter,
  type LimiterFactory,
  limiterFor,
  rateLimit,
} from '../auth/rate-limit.ts';
import type { Logger } from '../logger.ts';
import type { PaymentIntent, PaymentProvider } from '../payments/provider.ts';
import { type StripeWebhookEvent, stripeWebhookEvent } from '../payments/stripe.ts';
import type { ReserveDeps } from '../reserve/reserve-car.ts';
import { settleIntent } from '../reserve/reserve-car.ts';
import { forgetPaymentEvent, recordPaymentEvent } from '../store/payment-actions.repo.ts';
import {
  reservationById,
  reservationByIntent,
  type StoredReservation,
  setIntent,
  setPaymentState,
} from '../store/reservations.repo.ts';
import { apiError } from './api-error.ts';
import { apiRouter, serve } from './serve.ts';

/**
 * Stripe's deliveries: 200 at once, then 20 a second per address — far above what a dealer group's
 * reservations send, low enough that a flood of forged posts (each refused at its signature) costs
 * little.
 */
const WEBHOOK_BUCKET: BucketConfig = { capacity: 200, perSecond: 20 };

/** The events that move a reservation (issue 34 item 3). Any other verified event is acknowledged. */
const HANDLED = new Set([
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.canceled',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.requires_action',
  'charge.refunded',
  'charge.dispute.created',
]);

export interface StripeWebhookDeps {
  reserve: ReserveDeps;
  /** The endpoint's signing secret (`STRIPE_WEBHOOK_SECRET`). */
  secret: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The rate limits' buckets (shared through PostgreSQL when the store is). */
  limiters?: LimiterFactory;
  limiter?: Limiter;
}

/** The reservation an intent was made for: by the id stored with it, else by the intent's metadata. */
async function reservationOf(deps: ReserveDeps, intent: PaymentIntent): Promise<StoredReservation | null> {
  const stored = await reservationByIntent(deps.db, intent.id);
  if (stored) return stored;
  // The process stopped between the processor's answer and its own write: the intent names its claim.
  if (!intent.reservationId || !/^[0-9a-f-]{36}$/i.test(intent.reservationId)) return null;
  const claim = await reservationById(deps.db, intent.reservationId);
  if (!claim || (claim.charge_id && claim.charge_id !== intent.id)) return null;
  return setIntent(deps.db, claim.id, intent.id);
}

/**
 * Acts on one verified event. The intent is looked up with the processor rather than read from the
 * event, so the order events arrive in does not matter: the same `settleIntent` as the browser's
 * authorisation call runs on the intent as it is now (a hold, a refusal kept, a claim that ended
 * having its authorisation cancelled); then the payment's state follows the intent — captured,
 * cancelled, refunded — never going back (`setPaymentState`). A dispute is recorded and logged as a
 * warning: the dealer answers it in its Stripe account.
 */
async function handle(
  deps: StripeWebhookDeps,
  provider: PaymentProvider,
  event: StripeWebhookEvent & { intentId: string },
): Promise<void> {
  const intent = await provider.retrieveIntent(event.intentId, event.account);
  const reservation = await reservationOf(deps.reserve, intent);
  if (!reservation) {
    deps.logger.info('A Stripe event for no reservation of ours', { event: event.id, type: event.type });
    return;
  }
  await settleIntent(deps.reserve, reservation, intent);
  if (intent.status === 'succeeded') await setPaymentState(deps.reserve.db, reservation.id, 'captured');
  if (intent.status === 'canceled') await setPaymentState(deps.reserve.db, reservation.id, 'cancelled');
  // Read from the intent, not the event's type: Stripe also sends `charge.refunded` when an
  // authorisation is cancelled (nothing was taken), which must stay `cancelled`.
  if (intent.refunded) await setPaymentState(deps.reserve.db, reservation.id, 'refunded');
  if (event.type === 'charge.dispute.created') {
    await setPaymentState(deps.reserve.db, reservation.id, 'disputed');
    deps.logger.warn('A shopper disputed a reservation deposit', {
      reservation_id: reservation.id,
      intent_id: intent.id,
      account: event.account,
    });
  }
}

/**
 * `POST /api/payments/stripe/webhook` (issue 34 item 3; decision 120): Stripe's events, from outside
 * the site (`crossOrigin`), under the API's body ceiling. The body is read as raw text — the
 * contract declares none, so `serve` leaves it unread — and verified with the `Stripe-Signature`
 * header and the endpoint's secret (`stripeWebhookEvent`): 400 `invalid_signature` otherwise. Each
 * event is stored by its id first: a redelivery is acknowledged and ignored. An event whose handling
 * fails (Stripe out of reach for the lookup) is forgotten and answered 500, so Stripe delivers it
 * again; the sweep settles the reservation meanwhile.
 */
export function stripeWebhookRoutes(deps: StripeWebhookDeps): Hono<AppEnv> {
  const limiter = deps.limiter ?? limiterFor(deps, WEBHOOK_BUCKET, 'stripe-webhook');
  return apiRouter(
    serve(
      stripeWebhookRequest,
      async (c) => {
        let event: StripeWebhookEvent;
        try {
          event = stripeWebhookEvent(await c.req.text(), c.req.header('stripe-signature'), deps.secret);
        } catch {
          return apiError(c, 400, 'invalid_signature', 'The Stripe-Signature does not verify');
        }
        const provider = deps.reserve.payments.stripe;
        const intentId = event.intentId;
        if (!intentId || !HANDLED.has(event.type) || !provider) return { received: true as const };
        if (!(await recordPaymentEvent(deps.reserve.db, { id: event.id, type: event.type, intentId }))) {
          return { received: true as const };
        }
        try {
          await handle(deps, provider, { ...event, intentId });
        } catch (error) {
          await forgetPaymentEvent(deps.reserve.db, event.id);
          throw error;
        }
        return { received: true as const };
      },
      [rateLimit(limiter, 'stripe-webhook')],
    ),
  );
}
