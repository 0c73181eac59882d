import type { Hono } from 'hono';
import { nearestLocationsRequest } from '../../domain/contracts/locations.ts';
import { nearestFirst } from '../../domain/nearest.ts';
import { POSTCODE_MESSAGE } from '../../domain/site-forms.ts';
import type { AppEnv } from '../app-env.ts';
import { type Limiter, limiterFor, rateLimit } from '../auth/rate-limit.ts';
import { localGeocoder } from '../geocoding/geocoder.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { apiRouter, serve } from './serve.ts';

/** Postcode look-ups (each may cost a geocoding call): 30 at once, then one every 2 s per address. */
const NEAREST_BUCKET = { capacity: 30, perSecond: 0.5 };

/** "Nearest to me": the site's visible locations by distance from a postcode (issue 18 item 2). */
export function locationsRoutes(deps: ApiDeps, options: { limiter?: Limiter } = {}): Hono<AppEnv> {
  const geocoder = deps.geocoder ?? localGeocoder();
  const limiter = options.limiter ?? limiterFor(deps, NEAREST_BUCKET, 'nearest');
  return apiRouter(
    serve(
      nearestLocationsRequest,
      async (c, { query }) => {
        const at = await geocoder.postcode(query.postcode).catch(() => null);
        if (!at)
          return apiError(c, 422, 'unknown_postcode', POSTCODE_MESSAGE, { postcode: POSTCODE_MESSAGE });
        const visible = c.get('site').locations.filter((location) => location.visible);
        return { postcode: query.postcode, locations: nearestFirst({ lat: at.lat, long: at.lng }, visible) };
      },
      [rateLimit(limiter, 'locations/nearest')],
    ),
  );
}
