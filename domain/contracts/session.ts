import { z } from 'zod/mini';
import type { Endpoint } from './endpoint.ts';

/** Who is signed in (`search-detail-finance-watchlist.md` §6; issue 6): read on every page. */

/** A signed-in shopper as the browser sees them. */
export const authUserSchema = z.object({
  id: z.int().check(z.positive()),
  email: z.string(),
  phone_number: z.nullable(z.string()),
});
/** A signed-in shopper. */
export type AuthUser = z.infer<typeof authUserSchema>;

/** The session's shopper, or null: what every account endpoint answers. */
export const sessionAnswerSchema = z.object({ user: z.nullable(authUserSchema) });
/** The current session's shopper, or null. */
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** `GET /api/auth/session`: who is signed in on this site. */
export const sessionEndpoint = {
  method: 'GET',
  path: '/api/auth/session',
  answer: sessionAnswerSchema,
} as const satisfies Endpoint;
