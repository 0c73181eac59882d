import { z } from 'zod/mini';
import { locationSchema } from '../location.ts';
import type { Endpoint } from './endpoint.ts';

/** One location as the home page lists it: a part of the site's location (`domain/location.ts`). */
const { name, slug, location_type, phone, address } = locationSchema.shape;
export const homeLocationSchema = z.object({ name, slug, location_type, phone, address });
/** One location as the home page lists it. */
export type HomeLocation = z.infer<typeof homeLocationSchema>;

/**
 * `GET /api/home`: what the home page shows for one dealer: its welcome, its dealerships, its
 * visible locations with their contact details, and its promotions running now.
 */
export const homeContentSchema = z.object({
  name: z.string(),
  tagline: z.string(),
  description: z.string(),
  dealerships: z.array(z.object({ name: z.string(), slug: z.string(), phone: z.string() })),
  locations: z.array(homeLocationSchema),
  /** The promotions running now (§4 "shown only between its start and expiry"), for the banner. */
  promotions: z._default(
    z.array(
      z.object({
        id: z.int(),
        title: z.string(),
        description: z.nullable(z.string()),
        image_url: z.string(),
        link: z.string(),
        expires_at: z.string(),
      }),
    ),
    [],
  ),
});
/** The home page's data. */
export type HomeContent = z.infer<typeof homeContentSchema>;

export const homeEndpoint = {
  method: 'GET',
  path: '/api/home',
  answer: homeContentSchema,
} as const satisfies Endpoint;
