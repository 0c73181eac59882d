import type { Hono } from 'hono';
import { authorisationRequest, reserveRequest, reserveTermsRequest } from '../../domain/contracts/reserve.ts';
import type { AppEnv } from '../app-env.ts';
import { type Limiter, limiterFor, rateLimit } from '../auth/rate-limit.ts';
import { emailLinkOrigin } from '../mail/link-origin.ts';
import { paymentProvidersFromEnv } from '../payments/from-env.ts';
import type { PaymentProviders } from '../payments/provider.ts';
import type { ReserveRefusal } from '../reserve/refusals.ts';
import { checkAuthorisation, type ReserveDeps, startReservation } from '../reserve/reserve-car.ts';
import { reserveTerms } from '../reserve/reserve-terms.ts';
import { loadTenants } from '../tenants/load.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { type ApiContext, apiRouter, serve } from './serve.ts';

/** Options the tests set: the payment providers and the limiter. */
export interface ReserveRouteOptions {
  payments?: PaymentProviders;
  limiter?: Limiter;
}

/**
 * Reservations: 10 at once, then one every 30 s per address (a shopper reserves one car, maybe
 * retries). The authorisation check has its own bucket: the browser asks it again while the
 * processor decides.
 */
const RESERVE_BUCKET = { capacity: 10, perSecond: 1 / 30 };
const AUTHORISATION_BUCKET = { capacity: 30, perSecond: 1 / 2 };
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;

/** A refusal in the house's error body; anything else is the answer. */
function reply<T extends object>(c: ApiContext, outcome: T | ReserveRefusal) {
  if (!('refused' in outcome)) return outcome;
  const { status, code, message, fields } = outcome.refused;
  return apiError(c, status, code, message, fields);
}

/** The request's `Idempotency-Key`, or null when it has none fit to keep. */
function idempotencyKey(c: ApiContext): string | null {
  const key = c.req.header('idempotency-key') ?? '';
  return IDEMPOTENCY_KEY.test(key) ? key : null;
}

const missingKey = (c: ApiContext, what: string) =>
  apiError(c, 400, 'invalid_request', `${what} needs an Idempotency-Key header`, {
    'Idempotency-Key': '8 to 200 visible characters',
  });

/** The reservation flow's dependencies from the API's (the dealers' configs read once if not given). */
export function reserveDepsOf(deps: ApiDeps, payments?: PaymentProviders): ReserveDeps {
  return {
    db: deps.db,
    payments: payments ?? deps.payments ?? paymentProvidersFromEnv({}, { db: deps.db }),
    sites: deps.sites ?? loadTenants(),
    now: deps.now ?? (() => new Date()),
    carsChanged: deps.carsChanged ?? (async () => {}),
  };
}

/**
 * Reserving a car online (issue 17 items 1, 2, 5; issue 34; decisions 088, 120): the car's hold
 * terms; the reservation with its `Idempotency-Key` (the car claimed, the deposit's intent made:
 * `startReservation`); and its authorisation check with the same key once the browser has confirmed
 * the card with the processor (`checkAuthorisation`). These routes parse and answer.
 */
export function reserveRoutes(deps: ApiDeps, options: ReserveRouteOptions = {}): Hono<AppEnv> {
  const reserve = reserveDepsOf(deps, options.payments);
  const limiter = options.limiter ?? limiterFor(deps, RESERVE_BUCKET, 'reservations');
  const checks = options.limiter ?? limiterFor(deps, AUTHORISATION_BUCKET, 'reservation-checks');
  return apiRouter(
    serve(reserveTermsRequest, async (c, { params }) =>
      reply(c, await reserveTerms(reserve, c.get('site'), params.slug)),
    ),
    serve(
      reserveRequest,
      async (c, { body }) => {
        const key = idempotencyKey(c);
        if (!key) return missingKey(c, 'A reservation');
        return reply(c, await startReservation(reserve, c.get('site'), key, body, emailLinkOrigin(c)));
      },
      [rateLimit(limiter, 'reservations')],
    ),
    serve(
      authorisationRequest,
      async (c, { params }) => {
        const key = idempotencyKey(c);
        if (!key) return missingKey(c, 'An authorisation check');
        return reply(c, await checkAuthorisation(reserve, c.get('site'), params.reservation, key));
      },
      [rateLimit(checks, 'reservation-checks')],
    ),
  );
}
