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
  errors: ['car_not_found', 'car_unavailable', 'dealership_required', 'lead_not_found', 'rejected'],
  body: leadSubmissionSchema,
}));
