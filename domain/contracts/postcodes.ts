import { z } from 'zod/mini';
import { NEAR_POSTCODE_MESSAGE } from '../distance-filter.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * `GET /api/locations/postcode?postcode=2150` (issue 37 item 3): where a postcode is, for the listing's
 * "Within 25 km of my postcode" (the search then asks for cars around it). Refused like
 * `/api/locations/nearest`: not four digits 400 with the forms' text, unknown to the geocoder 422
 * "Invalid postcode", a geocoder that cannot be reached 503; the two draw from one rate limit. Its own
 * file, apart from `locations.ts`, so the search page does not load the lead forms' rules.
 */
export const postcodePlaceSchema = z.object({ postcode: z.string(), lat: z.number(), lng: z.number() });
/** A postcode's position. */
export type PostcodePlace = z.infer<typeof postcodePlaceSchema>;

/** What `GET /api/locations/postcode` is asked: the shopper's postcode. */
export interface PostcodeQuery {
  postcode: string;
}

export const postcodePlaceEndpoint = {
  method: 'GET',
  path: '/api/locations/postcode',
  answer: postcodePlaceSchema,
} as const satisfies Endpoint;
export const postcodePlaceRequest = withRequest(postcodePlaceEndpoint, () => ({
  errors: ['unknown_postcode', 'geocoder_unavailable'],
  query: z.object({
    postcode: z.string(NEAR_POSTCODE_MESSAGE).check(z.regex(/^\d{4}$/, NEAR_POSTCODE_MESSAGE)),
  }),
}));
