import { Hono } from 'hono';
import { analyticsEventSchema } from '../../domain/analytics.ts';
import type { AppEnv } from '../app.ts';
import { ANALYTICS_BUCKET, RateLimiter, rateLimit } from '../auth/rate-limit.ts';
import { readJsonBody } from '../auth/request.ts';
import { sameOriginOnly } from '../auth/same-origin.ts';
import { recordAnalyticsEvent } from '../store/analytics.repo.ts';
import { getCarById } from '../store/cars.repo.ts';
import { apiError } from './api-error.ts';
import type { ApiDeps } from './routes.ts';

/** Options the tests set: the limiter (one per server by default). */
export interface AnalyticsRouteOptions {
  limiter?: RateLimiter;
}

/**
 * `POST /api/analytics` (issue 6 item 6): stores one event with a spec id (§9) for the resolved site.
 * A car, when named, must be this site's (404 otherwise). Same-origin only, rate-limited; 202 once
 * the event is committed.
 */
export function analyticsRoutes(deps: ApiDeps, options: AnalyticsRouteOptions = {}): Hono<AppEnv> {
  const limiter = options.limiter ?? new RateLimiter(ANALYTICS_BUCKET);
  return new Hono<AppEnv>().post(
    '/analytics',
    sameOriginOnly(),
    rateLimit(limiter, 'analytics'),
    async (c) => {
      const body = await readJsonBody(c, analyticsEventSchema);
      if (!body.ok) return body.response;
      const site = c.get('site');
      if (body.data.car_id !== null) {
        const car = await getCarById(
          deps.db,
          site.dealerships.map((d) => d.id),
          body.data.car_id,
        );
        if (!car) return apiError(c, 404, 'car_not_found', 'Car not found');
      }
      await recordAnalyticsEvent(deps.db, site.id, body.data);
      return c.json({ ok: true }, 202);
    },
  );
}
