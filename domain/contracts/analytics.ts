import { z } from 'zod/mini';
import { analyticsEventSchema } from '../analytics.ts';
import { endpoint } from './endpoint.ts';

/** `POST /api/analytics`: stores one event with a spec id (§9); 202 once it is committed. */
export const analyticsEndpoint = endpoint({
  method: 'POST',
  path: '/api/analytics',
  body: analyticsEventSchema,
  answer: z.object({ ok: z.literal(true) }),
  status: 202,
  errors: ['car_not_found'],
});
