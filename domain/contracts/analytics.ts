import { z } from 'zod/mini';
import { analyticsEventSchema } from '../analytics.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/** `POST /api/analytics`: stores one event with a spec id (§9); 202 once it is committed. */
export const analyticsEndpoint = {
  method: 'POST',
  path: '/api/analytics',
  answer: z.object({ ok: z.literal(true) }),
  status: 202,
} as const satisfies Endpoint;
export const analyticsRequest = withRequest(analyticsEndpoint, () => ({
  errors: ['car_not_found'],
  body: analyticsEventSchema,
}));
