import { z } from 'zod/mini';
import { locationSchema } from '../location.ts';
import { endpoint } from './endpoint.ts';

/** One location as the home page lists it: a part of the site's location (`domain/location.ts`). */
export const homeLocationSchema = z.pick(locationSchema, {
  name: true,
  slug: true,
  location_type: true,
  phone: true,
  address: true,
});
/** One location as the home page lists it. */
export type HomeLocation = z.infer<typeof homeLocationSchema>;

/**
 * `GET /api/home`: what the home page shows for one dealer: its welcome, its dealerships and its
 * visible locations with their contact details.
 */
export const homeContentSchema = z.object({
  name: z.string(),
  tagline: z.string(),
  description: z.string(),
  dealerships: z.array(z.object({ name: z.string(), slug: z.string(), phone: z.string() })),
  locations: z.array(homeLocationSchema),
});
/** The home page's data. */
export type HomeContent = z.infer<typeof homeContentSchema>;

export const homeEndpoint = endpoint({
  method: 'GET',
  path: '/api/home',
  answer: homeContentSchema,
  errors: [],
});

/** `GET /api/health`: the server is up. */
export const healthEndpoint = endpoint({
  method: 'GET',
  path: '/api/health',
  answer: z.object({ ok: z.literal(true) }),
  errors: [],
});

/**
 * `GET /api/site`: the site config the browser may see (`tenants/public-site.ts` `PublicSite`, also
 * in every page's boot block). Checked here only for the fields that name the site.
 */
export const siteEndpoint = endpoint({
  method: 'GET',
  path: '/api/site',
  answer: z.looseObject({ id: z.int(), slug: z.string(), name: z.string() }),
  errors: [],
});
