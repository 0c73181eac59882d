import { z } from 'zod/mini';
import type { Endpoint } from './endpoint.ts';

/** The platform's own endpoints, which only the server and its tools call. */

/** `GET /api/health`: the server is up. */
export const healthEndpoint = {
  method: 'GET',
  path: '/api/health',
  answer: z.object({ ok: z.literal(true) }),
} as const satisfies Endpoint;

/**
 * `GET /api/site`: the site config the browser may see (`tenants/public-site.ts` `PublicSite`, also
 * in every page's boot block). Checked here only for the fields that name the site and its search
 * key, which the storefront fetches again when the key it was served with has expired.
 */
export const siteEndpoint = {
  method: 'GET',
  path: '/api/site',
  answer: z.looseObject({
    id: z.int(),
    slug: z.string(),
    name: z.string(),
    search_connection: z.object({ apiKey: z.string() }),
  }),
} as const satisfies Endpoint;
