import { z } from 'zod/mini';
import { leadSubmissionSchema } from '../lead.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * `POST /api/leads` (issue 15 item 5; the spec's "Lead submission (shared helper)"): stores a lead —
 * or, with `userData.lead_id`, updates that lead — and answers 201 with its `lead_id` only once it
 * is committed. An `Idempotency-Key` header sent again answers the same `lead_id` and stores nothing.
 */
export const submitLeadEndpoint = {
  method: 'POST',
  path: '/api/leads',
  answer: z.object({ lead_id: z.string() }),
  status: 201,
} as const satisfies Endpoint;
export const submitLeadRequest = withRequest(submitLeadEndpoint, () => ({
  errors: [
    'car_not_found',
    'car_unavailable',
    'dealership_required',
    'lead_not_found',
    'rejected',
    'invalid_form',
    'slot_taken',
    'geocoder_unavailable',
  ],
  body: leadSubmissionSchema,
}));

/**
 * `GET /api/admin/leads?tenant=&since=&format=`: a site's stored leads, oldest first, as `npm run
 * leads` prints them (json, adf or csv), for when a server holds the store. Bearer admin token only.
 */
export const leadsExportEndpoint = {
  method: 'GET',
  path: '/api/admin/leads',
  answer: z.object({ count: z.int(), text: z.string() }),
} as const satisfies Endpoint;
export const leadsExportRequest = withRequest(leadsExportEndpoint, () => ({
  errors: ['unauthorized', 'unknown_tenant'],
  query: z.object({
    tenant: z.string().check(z.minLength(1)),
    since: z.optional(z.string().check(z.refine((v) => !Number.isNaN(Date.parse(v)), 'Not a date'))),
    format: z._default(z.enum(['json', 'adf', 'csv']), 'json'),
  }),
}));
