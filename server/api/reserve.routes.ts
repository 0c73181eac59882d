import type { Hono } from 'hono';
import { reserveRequest, reserveTermsRequest } from '../../domain/contracts/reserve.ts';
import type { AppEnv } from '../app-env.ts';
import { type Limiter, limiterFor, rateLimit } from '../auth/rate-limit.ts';
import { emailLinkOrigin } from '../mail/link-origin.ts';
import { type PaymentProviders, paymentProvidersFromEnv } from '../payments/provider.ts';
import type { ReserveRefusal } from '../reserve/refusals.ts';
import { type ReserveDeps, reserveCar } from '../reserve/reserve-car.ts';
import { reserveTerms } from '../reserve/reserve-terms.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { type ApiContext, apiRouter, serve } from './serve.ts';

/** Options the tests set: the payment providers and the limiter. */
export interface ReserveRouteOptions {
  payments?: PaymentProviders;
  limiter?: Limiter;
}

/** Reservations: 10 at once, then one every 30 s per address (a shopper reserves one car, maybe retries). */
const RESERVE_BUCKET = { capacity: 10, perSecond: 1 / 30 };
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;

/** A refusal in the house's error body; anything else is the answer. */
function reply<T extends object>(c: ApiContext, outcome: T | ReserveRefusal) {
  if (!('refused' in outcome)) return outcome;
  const { status, code, message, fields } = outcome.refused;
  return apiError(c, status, code, message, fields);
}

/**
 * Reserving a car online (issue 17 items 1, 2, 5; decision 088): the car's hold terms, and the
 * reservation with its `Idempotency-Key`. The claim → charge → hold → refund is `reserveCar`
 * (`server/reserve/reserve-car.ts`); these routes parse and answer.
 */
export function reserveRoutes(deps: ApiDeps, options: ReserveRouteOptions = {}): Hono<AppEnv> {
  const reserve: ReserveDeps = {
    db: deps.db,
    payments: options.payments ?? deps.payments ?? paymentProvidersFromEnv({}),
    now: deps.now ?? (() => new Date()),
    carsChanged: deps.carsChanged ?? (async () => {}),
  };
  const limiter = options.limiter ?? limiterFor(deps, RESERVE_BUCKET, 'reservations');
  return apiRouter(
    serve(reserveTermsRequest, async (c, { params }) =>
      reply(c, await reserveTerms(reserve, c.get('site'), params.slug)),
    ),
    serve(
      reserveRequest,
      async (c, { body }) => {
        const key = c.req.header('idempotency-key') ?? '';
        if (!IDEMPOTENCY_KEY.test(key)) {
          return apiError(c, 400, 'invalid_request', 'A reservation needs an Idempotency-Key header', {
            'Idempotency-Key': '8 to 200 visible characters',
          });
        }
        return reply(c, await reserveCar(reserve, c.get('site'), key, body, emailLinkOrigin(c)));
      },
      [rateLimit(limiter, 'reservations')],
    ),
  );
}
