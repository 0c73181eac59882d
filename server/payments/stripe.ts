import Stripe from 'stripe';
import {
  type IntentStatus,
  PaymentDeclinedError,
  type PaymentIntent,
  type PaymentProvider,
  PaymentUnavailableError,
} from './provider.ts';

/**
 * Stripe through its official SDK (issue 34 items 2–4; decision 119): PaymentIntents created
 * authorise-only on the dealer's connected account (Connect direct charges: `{ stripeAccount }`), then
 * captured or cancelled; every write carries our idempotency key, so a retry — the SDK's own after a
 * timeout, or ours later — finds the same intent or the same capture. The browser confirms the intent
 * with Stripe.js (3-D Secure there); the server never sees a card.
 */

/**
 * The API version every call is made with: the one this SDK release (`stripe` 23.1) is generated for
 * and typed against. Pinned here rather than left to the account's default, so a change in the
 * Dashboard cannot change the shapes we read; moving it is an upgrade of the SDK and this line, with
 * Stripe's changelog read between them.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/**
 * The SDK's retries of a failed call (a connection error, a timeout, a 409 or a 5xx), with its
 * backoff, reusing the idempotency key. Two keep a shopper's worst wait near three timeouts.
 */
const MAX_NETWORK_RETRIES = 2;
/** How long one attempt may take before the SDK gives up on it (Stripe's own default is 80 s). */
const DEFAULT_TIMEOUT_MS = 10_000;

/** A webhook whose `Stripe-Signature` does not verify against the endpoint secret (the route's 400). */
export class InvalidWebhookSignatureError extends Error {}

/** A verified Stripe event, as much of it as the reservation flow acts on. */
export interface StripeWebhookEvent {
  /** `evt_…`: what makes a redelivery recognisable. */
  id: string;
  /** `payment_intent.succeeded`, `charge.refunded`, `charge.dispute.created`, … */
  type: string;
  /** The payment intent it concerns: the object itself, or a charge's or dispute's `payment_intent`. */
  intentId: string | null;
  /** The connected account it happened on (Connect), or null for the platform's own. */
  account: string | null;
}

/** The SDK's `host`, `port` and `protocol` of an API address (`STRIPE_API_URL`: a test double). */
function hostSettings(apiUrl: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiUrl);
  if (url.pathname !== '/' || url.search) throw new Error('STRIPE_API_URL must be an origin, without a path');
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * Stripe's errors in ours: a card error is a decline in Stripe's words; a connection error, a timeout,
 * a rate limit, a conflict (the same key still in flight) or a 5xx is unavailable — for a write the
 * outcome is unknown, and the caller asks again with the same key; anything else (a wrong key, an
 * invalid request, an intent in the wrong state) is a plain error with Stripe's message.
 */
function translated(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError))
    return error instanceof Error ? error : new Error(String(error));
  if (error instanceof Stripe.errors.StripeCardError) return new PaymentDeclinedError(error.message);
  const status = error.statusCode ?? 0;
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAPIError ||
    status === 409 ||
    status >= 500
  ) {
    return new PaymentUnavailableError(`stripe: ${error.message}`, { cause: error });
  }
  return new Error(`stripe: ${error.message}`, { cause: error });
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw translated(error);
  }
}

const STATUSES: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
];

/**
 * A status Stripe may add after this API version reads as `processing`: not decided yet, so the
 * caller asks again later rather than acting on it.
 */
const statusOf = (status: string): IntentStatus => STATUSES.find((known) => known === status) ?? 'processing';

/** Our intent from Stripe's, its `latest_charge` expanded for the card's brand and last four. */
function toIntent(intent: Stripe.PaymentIntent, account: string | null): PaymentIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  // A refused attempt's charge names the refused card: only an authorised one is the shopper's payment.
  const card = charge?.status === 'succeeded' ? charge.payment_method_details?.card : null;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: statusOf(intent.status),
    amountCents: intent.amount,
    currency: intent.currency,
    account,
    lastFailure: intent.last_payment_error?.message ?? null,
    card: card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null,
    reservationId: intent.metadata.reservation ?? null,
    // Money taken and given back: an authorisation released by a cancel is not a refund.
    refunded: charge?.captured === true && charge.amount_refunded > 0,
  };
}

/** Stripe's per-request options: our key for a write, the dealer's account when it has one. */
function options(account: string | null, idempotencyKey?: string): Stripe.RequestOptions {
  return {
    ...(idempotencyKey ? { idempotencyKey } : {}),
    ...(account ? { stripeAccount: account } : {}),
  };
}

const EXPAND = ['latest_charge'];

/** The Stripe provider: `secretKey` for the server's calls, `publishableKey` for the browser's Element. */
export function stripePaymentProvider(settings: {
  secretKey: string;
  publishableKey: string;
  /** Stripe's API address (`STRIPE_API_URL`: the tests' fake); Stripe's own by default. */
  apiUrl?: string;
  /** One attempt's limit in milliseconds; 10 s by default. */
  timeoutMs?: number;
  /** The SDK's retries after a failed attempt; 2 by default. */
  maxNetworkRetries?: number;
}): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: settings.maxNetworkRetries ?? MAX_NETWORK_RETRIES,
    timeout: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // No usage metrics sent to Stripe in request headers.
    telemetry: false,
    appInfo: { name: 'Forecourt' },
    ...(settings.apiUrl ? hostSettings(settings.apiUrl) : {}),
  });
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    async createIntent(request) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            capture_method: 'manual',
            // The Payment Element offers what the dealer's account has on: cards, and Apple Pay and
            // Google Pay where the site's domain is registered.
            automatic_payment_methods: { enabled: true },
            description: request.description,
            metadata: request.metadata,
            ...(request.statementDescriptor
              ? { statement_descriptor_suffix: request.statementDescriptor }
              : {}),
            expand: EXPAND,
          },
          options(request.account, request.idempotencyKey),
        ),
      );
      return toIntent(intent, request.account);
    },
    async retrieveIntent(intentId, account) {
      const intent = await call(() =>
        stripe.paymentIntents.retrieve(intentId, { expand: EXPAND }, options(account)),
      );
      return toIntent(intent, account);
    },
    async capture(intentId, account, idempotencyKey) {
      const intent = await call(() =>
        stripe.paymentIntents.capture(intentId, { expand: EXPAND }, options(account, idempotencyKey)),
      );
      return toIntent(intent, account);
    },
    async cancel(intentId, account, idempotencyKey) {
      const intent = await call(() =>
        stripe.paymentIntents.cancel(intentId, { expand: EXPAND }, options(account, idempotencyKey)),
      );
      return toIntent(intent, account);
    },
    async refund(intentId, account, idempotencyKey) {
      await call(() => stripe.refunds.create({ payment_intent: intentId }, options(account, idempotencyKey)));
    },
  };
}

/** The payment intent an event's object names: itself, or a charge's or a dispute's. */
function intentOf(object: unknown): string | null {
  if (typeof object !== 'object' || object === null) return null;
  const record = object as { object?: unknown; id?: unknown; payment_intent?: unknown };
  if (record.object === 'payment_intent' && typeof record.id === 'string') return record.id;
  const named = record.payment_intent;
  if (typeof named === 'string') return named;
  if (typeof named === 'object' && named !== null && typeof (named as { id?: unknown }).id === 'string') {
    return (named as { id: string }).id;
  }
  return null;
}

/**
 * A webhook's event, verified (`stripe.webhooks.constructEvent`: the `Stripe-Signature` header over
 * the raw body with the endpoint's secret, within Stripe's five-minute tolerance) and reduced to what
 * the reservation flow needs. Throws {@link InvalidWebhookSignatureError} when the signature is
 * missing, wrong or stale, or the body is not an event.
 */
export function stripeWebhookEvent(
  rawBody: string,
  signature: string | undefined,
  endpointSecret: string,
): StripeWebhookEvent {
  if (!signature) throw new InvalidWebhookSignatureError('No Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, endpointSecret);
  } catch (error) {
    throw new InvalidWebhookSignatureError(error instanceof Error ? error.message : String(error));
  }
  return {
    id: event.id,
    type: event.type,
    intentId: intentOf(event.data.object),
    account: event.account ?? null,
  };
}
