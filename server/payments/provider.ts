/**
 * The payment provider that authorises a reservation's deposit (issue 34; decisions 088, 119). An
 * adapter, chosen by the car's `payment_processors` (§3): Stripe through the official `stripe` SDK
 * with `STRIPE_SECRET_KEY` (`./stripe.ts`), else in the demo the local provider, whose intents live
 * in the store (`./local.ts`). Both work as Stripe does: the server creates a payment intent to be
 * authorised only (manual capture); the browser confirms it with the card inside the processor's
 * component (the server never sees a card); the server later captures it (a sale) or cancels it (a
 * hold that ended), and can look it up at any time. Every write carries an idempotency key, so a
 * repeated call — a retry after a timeout, a second process — never makes a second intent or a
 * second capture.
 */

/** A payment intent's status, as Stripe names them (the local provider uses the same). */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** A payment intent as the processor reports it. */
export interface PaymentIntent {
  id: string;
  /** For the browser's payment component only: never logged, never stored by us. */
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  /** The dealer's connected account the intent lives on (Stripe Connect, direct charge), or null. */
  account: string | null;
  /** The shopper's reason the last attempt was refused (a decline's message), or null. */
  lastFailure: string | null;
  /** The card's brand and last four digits when the processor says them; nothing more is kept. */
  card: { brand: string; last4: string } | null;
  /** `metadata.reservation`: the reservation the intent was made for. */
  reservationId: string | null;
  /** Whether any of it has been refunded. */
  refunded: boolean;
}

/** A new intent: authorise-only, its amount and currency from the dealer's settings. */
export interface CreateIntent {
  amountCents: number;
  currency: 'aud';
  /** `reserve-<reservation id>`: a resend finds the same intent. */
  idempotencyKey: string;
  description: string;
  /** The dealer's statement descriptor suffix (Stripe: at most 22 characters), or null. */
  statementDescriptor: string | null;
  /** The dealer's connected account (`acct_…`), or null for the platform's own. */
  account: string | null;
  metadata: { site: string; car: string; reservation: string };
}

/** The processor said no to a card: the message is the shopper's to read (the local confirmation). */
export class PaymentDeclinedError extends Error {}
/**
 * The processor could not be reached, timed out or failed. For a write the outcome is unknown: the
 * caller asks again with the same idempotency key, or looks the intent up — it never says "not
 * charged" on this alone.
 */
export class PaymentUnavailableError extends Error {}

export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  /** What the browser's component needs besides the client secret: Stripe's publishable key. */
  readonly publishableKey: string | null;
  createIntent(request: CreateIntent): Promise<PaymentIntent>;
  retrieveIntent(intentId: string, account: string | null): Promise<PaymentIntent>;
  /** Takes the authorised amount (a confirmed sale). */
  capture(intentId: string, account: string | null, idempotencyKey: string): Promise<PaymentIntent>;
  /** Gives an authorisation back, or ends an intent never authorised (a hold released, a claim lost). */
  cancel(intentId: string, account: string | null, idempotencyKey: string): Promise<PaymentIntent>;
  /** Gives a captured amount back in full. */
  refund(intentId: string, account: string | null, idempotencyKey: string): Promise<void>;
}

/** The providers by the processor names cars carry (`payment_processors`). */
export type PaymentProviders = Readonly<Record<string, PaymentProvider>>;

/**
 * The processors the local provider stands in for in the demo, each with the settings that give it
 * its real provider (decision 113: a production start refuses while cars use one without them).
 */
export const PROCESSOR_SETTINGS: Readonly<Record<string, readonly string[]>> = {
  stripe: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
};

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
