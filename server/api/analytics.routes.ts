import type { Hono } from 'hono';
import { analyticsRequest } from '../../domain/contracts/analytics.ts';
import type { AppEnv } from '../app-env.ts';
import { ANALYTICS_BUCKET, type Limiter, limiterFor, rateLimit } from '../auth/rate-limit.ts';
import { recordAnalyticsEvent } from '../store/analytics.repo.ts';
import { getCarById } from '../store/cars.repo.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { apiRouter, serve } from './serve.ts';

/** Options the tests set: the limiter (one per server by default). */
export interface AnalyticsRouteOptions {
  limiter?: Limiter;
}

/**
 * `POST /api/analytics` (issue 6 item 6): stores one event with a spec id (§9) for the resolved site.
 * A car, when named, must be this site's (404 otherwise). Same-origin only, rate-limited; 202 once
 * the event is committed.
 */
export function analyticsRoutes(deps: ApiDeps, options: AnalyticsRouteOptions = {}): Hono<AppEnv> {
  const limiter = options.limiter ?? limiterFor(deps, ANALYTICS_BUCKET, 'analytics');
  return apiRouter(
    serve(
      analyticsRequest,
      async (c, { body }) => {
        const site = c.get('site');
        if (body.car_id !== null) {
          const dealerships = site.dealerships.map((d) => d.id);
          if (!(await getCarById(deps.db, dealerships, body.car_id))) {
            return apiError(c, 404, 'car_not_found', 'Car not found');
          }
        }
        await recordAnalyticsEvent(deps.db, site.id, body);
        return { ok: true as const };
      },
      [rateLimit(limiter, 'analytics')],
    ),
  );
}
