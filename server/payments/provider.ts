import { createHash } from 'node:crypto';
import { localTokenOutcome } from '../../domain/local-card-token.ts';
import { RESERVE_MESSAGES } from '../../domain/reserve.ts';

/**
 * The payment provider that takes a reservation's deposit (issue 17; decision 088). An adapter, chosen
 * by the car's `payment_processors` (§3): the local default answers deterministically by its
 * documented test cards; `STRIPE_SECRET_KEY` selects Stripe's HTTP API for the `stripe` processor.
 * A charge is made with an idempotency key (the reservation's id), so a repeated call never charges
 * twice.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Takes `amountCents`; resolves with the charge's id, or throws one of the errors below. */
  charge(request: ChargeRequest): Promise<{ chargeId: string }>;
  /** Gives a charge back in full (a hold released, or a claim lost after the charge). */
  refund(chargeId: string, idempotencyKey: string): Promise<void>;
}

export interface ChargeRequest {
  amountCents: number;
  currency: 'aud';
  /** The provider's token (`pm_…`), or `local_tok_<outcome>` for the local provider: never a card number. */
  paymentMethod: string;
  idempotencyKey: string;
  description: string;
}

/** The card was refused: nothing was charged; the message is the shopper's to read. */
export class PaymentDeclinedError extends Error {}
/** The provider could not be reached or failed: nothing was charged. */
export class PaymentUnavailableError extends Error {}

/**
 * The local provider: the token the browser made from a test card (README; `local_tok_<outcome>`,
 * `domain/local-card-token.ts`) succeeds, is declined, has insufficient funds or fails as if the
 * network were down; anything else — a `pm_…` token, a number — is declined with a note that this is
 * a demonstration. It never sees a card number (decision 116). Charges are remembered by idempotency
 * key, as a real provider does.
 */
export function localPaymentProvider(): PaymentProvider {
  const charges = new Map<string, string>();
  return {
    name: 'local',
    async charge(request) {
      const known = charges.get(request.idempotencyKey);
      if (known) return { chargeId: known };
      const outcome = localTokenOutcome(request.paymentMethod);
      if (outcome === 'networkFailure') throw new PaymentUnavailableError('local test card: network');
      if (outcome === 'declined') throw new PaymentDeclinedError(RESERVE_MESSAGES.declined);
      if (outcome === 'insufficientFunds') throw new PaymentDeclinedError(RESERVE_MESSAGES.insufficientFunds);
      if (outcome !== 'success') throw new PaymentDeclinedError(RESERVE_MESSAGES.notATestCard);
      const chargeId = `ch_local_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
      charges.set(request.idempotencyKey, chargeId);
      return { chargeId };
    },
    async refund() {},
  };
}

/** What a Stripe error body looks like (the part read here). */
interface StripeError {
  error?: { type?: string; code?: string; message?: string };
}

/**
 * Stripe's HTTP API (`POST /v1/payment_intents` confirmed at once, `POST /v1/refunds`), form-encoded
 * with the secret key and an `Idempotency-Key`. A card error (402) is a decline with Stripe's own
 * message; anything else that is not a success — a 5xx, a timeout, a network error — is unavailable.
 */
export function stripePaymentProvider(options: {
  secretKey: string;
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): PaymentProvider {
  const base = (options.apiUrl ?? 'https://api.stripe.com').replace(/\/+$/, '');
  const fetcher = options.fetch ?? fetch;
  const post = async (path: string, form: Record<string, string>, idempotencyKey: string) => {
    let response: Response;
    try {
      response = await fetcher(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': idempotencyKey,
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new PaymentUnavailableError(`stripe: ${String(error)}`);
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown> & StripeError;
    if (response.ok) return body;
    if (response.status === 402 || body.error?.type === 'card_error') {
      throw new PaymentDeclinedError(
        `${body.error?.message ?? 'Your card was declined.'} You have not been charged, and the car is still available.`,
      );
    }
    throw new PaymentUnavailableError(`stripe: ${response.status} ${body.error?.message ?? ''}`);
  };
  return {
    name: 'stripe',
    async charge(request) {
      if (!request.paymentMethod.startsWith('pm_')) {
        throw new PaymentDeclinedError(RESERVE_MESSAGES.notATestCard);
      }
      const intent = await post(
        '/v1/payment_intents',
        {
          amount: String(request.amountCents),
          currency: request.currency,
          payment_method: request.paymentMethod,
          confirm: 'true',
          description: request.description,
          'automatic_payment_methods[enabled]': 'true',
          'automatic_payment_methods[allow_redirects]': 'never',
        },
        request.idempotencyKey,
      );
      if (intent.status !== 'succeeded' || typeof intent.id !== 'string') {
        throw new PaymentDeclinedError(RESERVE_MESSAGES.declined);
      }
      return { chargeId: intent.id };
    },
    async refund(chargeId, idempotencyKey) {
      await post('/v1/refunds', { payment_intent: chargeId }, idempotencyKey);
    },
  };
}

/** The providers by the processor names cars carry (`payment_processors`). */
export type PaymentProviders = Readonly<Record<string, PaymentProvider>>;

/**
 * The processors the local provider stands in for in the demo, each with the settings that give it
 * its real provider (decision 113: a production start refuses while cars use one without them).
 */
export const PROCESSOR_SETTINGS: Readonly<Record<string, readonly string[]>> = {
  stripe: ['STRIPE_SECRET_KEY'],
};

/**
 * The providers from the environment: Stripe with `STRIPE_SECRET_KEY`; without it the local one in
 * the demo, and none in production, so a car imported later with that processor cannot be reserved
 * rather than take test cards on a live site.
 */
export function paymentProvidersFromEnv(env: {
  FORECOURT_ENV?: 'demo' | 'production' | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_API_URL?: string | undefined;
}): PaymentProviders {
  if (env.STRIPE_SECRET_KEY) {
    return {
      stripe: stripePaymentProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}),
      }),
    };
  }
  return env.FORECOURT_ENV === 'production' ? {} : { stripe: localPaymentProvider() };
}

/** The provider for a car: the first of its processors this server has one for, or null. */
export function providerFor(
  providers: PaymentProviders,
  processors: readonly string[],
): { processor: string; provider: PaymentProvider } | null {
  for (const processor of processors) {
    const provider = providers[processor];
    if (provider) return { processor, provider };
  }
  return null;
}
