import type { Hono } from 'hono';
import { localConfirmRequest } from '../../domain/contracts/reserve.ts';
import type { AppEnv } from '../app-env.ts';
import { type BucketConfig, type Limiter, limiterFor, rateLimit } from '../auth/rate-limit.ts';
import {
  confirmLocalIntent,
  LocalIntentNotConfirmableError,
  LocalIntentNotFoundError,
} from '../payments/local.ts';
import { PaymentDeclinedError, PaymentUnavailableError } from '../payments/provider.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { apiRouter, serve } from './serve.ts';

/**
 * Confirmations of local intents: 10 at once, then one every 30 s per address, as reservations — a
 * shopper tries a card or two; a script cycling test cards or guessing client secrets is slowed.
 */
const LOCAL_CONFIRM_BUCKET: BucketConfig = { capacity: 10, perSecond: 1 / 30 };

/**
 * The local demonstration provider's confirmation (issue 34 item 1; decision 119), the stand-in for
 * what Stripe.js does against Stripe: the browser's payment component posts the intent's client
 * secret and its test-card token; `confirmLocalIntent` authorises the intent or records the refusal.
 * Mounted only where the local provider serves a processor: with Stripe configured nothing answers
 * here. Refusals as `localConfirmEndpoint` names them: 402 `payment_declined` (the shopper's message),
 * 502 `payment_unavailable`, 404 `intent_not_found` (an unknown id or a wrong client secret alike,
 * so a guess learns nothing), 409 `intent_not_confirmable`.
 */
export function localPaymentsRoutes(
  deps: Pick<ApiDeps, 'db' | 'limiters'>,
  options: { limiter?: Limiter } = {},
): Hono<AppEnv> {
  const limiter = options.limiter ?? limiterFor(deps, LOCAL_CONFIRM_BUCKET, 'local-payments');
  return apiRouter(
    serve(
      localConfirmRequest,
      async (c, { params, body }) => {
        try {
          const intent = await confirmLocalIntent(
            deps.db,
            params.intent,
            body.client_secret,
            body.payment_method,
          );
          return { id: intent.id, status: intent.status };
        } catch (error) {
          if (error instanceof PaymentDeclinedError)
            return apiError(c, 402, 'payment_declined', error.message);
          if (error instanceof PaymentUnavailableError) {
            return apiError(
              c,
              502,
              'payment_unavailable',
              'We could not reach our payment provider. Please try again.',
            );
          }
          if (error instanceof LocalIntentNotFoundError) {
            return apiError(c, 404, 'intent_not_found', 'No such payment');
          }
          if (error instanceof LocalIntentNotConfirmableError) {
            return apiError(c, 409, 'intent_not_confirmable', 'This payment cannot take a card any more');
          }
          throw error;
        }
      },
      [rateLimit(limiter, 'local-payments')],
    ),
  );
}
