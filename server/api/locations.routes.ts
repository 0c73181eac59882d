import type { Hono } from 'hono';
import { nearestLocationsRequest } from '../../domain/contracts/locations.ts';
import { nearestFirst } from '../../domain/nearest.ts';
import type { AppEnv } from '../app-env.ts';
import { type Limiter, limiterFor, rateLimit } from '../auth/rate-limit.ts';
import { GeocoderUnavailableError, localGeocoder, UNKNOWN_POSTCODE_MESSAGE } from '../geocoding/geocoder.ts';
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
        // §5, §8: a postcode of four digits the geocoder does not know is "Invalid postcode" (the
        // 4-digit message is for one that is not four digits, refused by the contract); a geocoder
        // that cannot be asked is not the shopper's mistake.
        const at = await geocoder.postcode(query.postcode).catch((error: unknown) => {
          if (error instanceof GeocoderUnavailableError) return undefined;
          throw error;
        });
        if (at === undefined)
          return apiError(c, 503, 'geocoder_unavailable', 'We could not look up that postcode just now.');
        if (!at)
          return apiError(c, 422, 'unknown_postcode', UNKNOWN_POSTCODE_MESSAGE, {
            postcode: UNKNOWN_POSTCODE_MESSAGE,
          });
        const visible = c.get('site').locations.filter((location) => location.visible);
        return { postcode: query.postcode, locations: nearestFirst({ lat: at.lat, long: at.lng }, visible) };
      },
      [rateLimit(limiter, 'locations/nearest')],
    ),
  );
}
