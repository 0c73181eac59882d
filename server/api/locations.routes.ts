import type { Context, Hono } from 'hono';
import { nearestLocationsRequest } from '../../domain/contracts/locations.ts';
import { postcodePlaceRequest } from '../../domain/contracts/postcodes.ts';
import { nearestFirst } from '../../domain/nearest.ts';
import type { AppEnv } from '../app-env.ts';
import { type Limiter, limiterFor, rateLimit } from '../auth/rate-limit.ts';
import {
  type Geocoder,
  GeocoderUnavailableError,
  type GeoPoint,
  localGeocoder,
  UNKNOWN_POSTCODE_MESSAGE,
} from '../geocoding/geocoder.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { apiRouter, serve } from './serve.ts';

/** Postcode look-ups (each may cost a geocoding call): 30 at once, then one every 2 s per address. */
const NEAREST_BUCKET = { capacity: 30, perSecond: 0.5 };
/** The bucket both postcode endpoints draw from, per address: one allowance of look-ups, not two. */
const LOOKUPS = 'locations/postcode-lookups';

/**
 * A postcode's position, or the refusal to answer: §5, §8: a postcode of four digits the geocoder
 * does not know is "Invalid postcode" (the 4-digit message is for one that is not four digits,
 * refused by the contract); a geocoder that cannot be asked is not the shopper's mistake.
 */
async function geocode(
  c: Context<AppEnv>,
  geocoder: Geocoder,
  postcode: string,
): Promise<GeoPoint | Response> {
  const at = await geocoder.postcode(postcode).catch((error: unknown) => {
    if (error instanceof GeocoderUnavailableError) return undefined;
    throw error;
  });
  if (at === undefined)
    return apiError(c, 503, 'geocoder_unavailable', 'We could not look up that postcode just now.');
  if (!at)
    return apiError(c, 422, 'unknown_postcode', UNKNOWN_POSTCODE_MESSAGE, {
      postcode: UNKNOWN_POSTCODE_MESSAGE,
    });
  return at;
}

/**
 * "Nearest to me": the site's visible locations by distance from a postcode (issue 18 item 2); and a
 * postcode's position, for the listing's distance filter (issue 37 item 3). One rate limit for both.
 */
export function locationsRoutes(deps: ApiDeps, options: { limiter?: Limiter } = {}): Hono<AppEnv> {
  const geocoder = deps.geocoder ?? localGeocoder();
  const limiter = options.limiter ?? limiterFor(deps, NEAREST_BUCKET, 'nearest');
  return apiRouter(
    serve(
      nearestLocationsRequest,
      async (c, { query }) => {
        const at = await geocode(c, geocoder, query.postcode);
        if (at instanceof Response) return at;
        const visible = c.get('site').locations.filter((location) => location.visible);
        return { postcode: query.postcode, locations: nearestFirst({ lat: at.lat, long: at.lng }, visible) };
      },
      [rateLimit(limiter, LOOKUPS)],
    ),
    serve(
      postcodePlaceRequest,
      async (c, { query }) => {
        const at = await geocode(c, geocoder, query.postcode);
        if (at instanceof Response) return at;
        return { postcode: query.postcode, lat: at.lat, lng: at.lng };
      },
      [rateLimit(limiter, LOOKUPS)],
    ),
  );
}
