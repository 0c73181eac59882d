import type { Executor } from '../store/db.ts';
import { localPaymentProvider } from './local.ts';
import type { PaymentProviders } from './provider.ts';
import { stripePaymentProvider } from './stripe.ts';

/** The settings the payment providers are chosen by (`server/env.ts`). */
export interface PaymentEnv {
  FORECOURT_ENV?: 'demo' | 'production' | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_URL?: string | undefined;
}

/**
 * The providers from the environment (decisions 088, 113, 119): Stripe for the `stripe` processor with
 * `STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY` and `STRIPE_WEBHOOK_SECRET` (the server's calls, the
 * browser's Payment Element and the webhook route need one each — `PROCESSOR_SETTINGS` — so a secret
 * key without the other two is refused at start rather than half-working, and what `server/mode.ts`
 * reports as the stand-in is exactly what runs); without a secret key the local provider over `db` in
 * the demo, and none in production, so a car imported later with that processor cannot be reserved
 * rather than take test cards on a live site.
 */
export function paymentProvidersFromEnv(env: PaymentEnv, deps: { db: Executor }): PaymentProviders {
  if (env.STRIPE_SECRET_KEY) {
    if (!env.STRIPE_PUBLISHABLE_KEY) {
      throw new Error(
        'STRIPE_PUBLISHABLE_KEY is needed with STRIPE_SECRET_KEY: the browser confirms each deposit with it',
      );
    }
    if (!env.STRIPE_WEBHOOK_SECRET) {
      throw new Error(
        "STRIPE_WEBHOOK_SECRET is needed with STRIPE_SECRET_KEY: Stripe's events (3-D Secure outcomes, refunds, disputes) move reservations on",
      );
    }
    return {
      stripe: stripePaymentProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}),
      }),
    };
  }
  return env.FORECOURT_ENV === 'production' ? {} : { stripe: localPaymentProvider(deps.db) };
}
