import { z } from 'zod/mini';
import { POSTCODE_MESSAGE } from '../postcode.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * `GET /api/locations/nearest?postcode=4000` (issue 18 item 2; `locations-forms-tradein-site.md` §7
 * geocoding): the dealer's visible locations nearest first from the postcode's position, each with
 * its great-circle distance. A postcode of four digits the geocoder does not know is refused 422 with
 * "Invalid postcode" (§5, §8); one that is not four digits 400 with the forms' 4-digit text; a
 * geocoder that cannot be reached 503.
 */
export const nearestLocationsSchema = z.object({
  postcode: z.string(),
  locations: z.array(z.object({ slug: z.string(), km: z.number() })),
});
/** The locations by distance. */
export type NearestLocations = z.infer<typeof nearestLocationsSchema>;

/** What `GET /api/locations/nearest` is asked: the shopper's postcode. */
export interface NearestLocationsQuery {
  postcode: string;
}

export const nearestLocationsEndpoint = {
  method: 'GET',
  path: '/api/locations/nearest',
  answer: nearestLocationsSchema,
} as const satisfies Endpoint;
export const nearestLocationsRequest = withRequest(nearestLocationsEndpoint, () => ({
  errors: ['unknown_postcode', 'geocoder_unavailable'],
  query: z.object({ postcode: z.string(POSTCODE_MESSAGE).check(z.regex(/^\d{4}$/, POSTCODE_MESSAGE)) }),
}));
