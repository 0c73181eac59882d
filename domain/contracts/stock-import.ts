import { z } from 'zod/mini';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * `POST /api/admin/stock-import` hands a stock file to the running server (PGlite admits one process,
 * so `npm run stock:import` cannot open the store while the server holds it). Bearer admin token
 * only; a rejected file answers 422 `invalid_stock` with `fields` keyed `records.<index>.<field>`.
 */
export const stockImportEndpoint = {
  method: 'POST',
  path: '/api/admin/stock-import',
  answer: z.object({
    inserted: z.int().check(z.minimum(0)),
    updated: z.int().check(z.minimum(0)),
    removed: z.int().check(z.minimum(0)),
    /**
     * Present when the file's cars name photos to fetch (issue 35 item 1): how many wait to be
     * fetched in the background, and the cars with a photo that could not be (shown as a placeholder).
     */
    photos: z.optional(
      z.object({
        queued: z.int().check(z.minimum(0)),
        failed_cars: z.array(z.int()),
      }),
    ),
  }),
} as const satisfies Endpoint;
export const stockImportRequest = withRequest(stockImportEndpoint, () => ({
  errors: ['unauthorized', 'unknown_tenant', 'invalid_stock'],
  body: z.object({
    tenant: z.string().check(z.minLength(1)),
    replace: z._default(z.boolean(), false),
    records: z.array(z.unknown()),
  }),
}));
