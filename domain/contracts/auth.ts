import { z } from 'zod/mini';
import { phoneUpdateSchema, signInSchema, signUpSchema } from '../auth.ts';
import { endpoint } from './endpoint.ts';

/**
 * Accounts and sessions (`search-detail-finance-watchlist.md` §6; issue 6). The request bodies are the
 * sign-in form's own rules (`domain/auth.ts`), which the browser form runs too.
 */

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
export const sessionEndpoint = endpoint({
  method: 'GET',
  path: '/api/auth/session',
  answer: sessionAnswerSchema,
  errors: [],
});

/** `POST /api/auth/sign-up`: creates an account and signs in (201). */
export const signUpEndpoint = endpoint({
  method: 'POST',
  path: '/api/auth/sign-up',
  body: signUpSchema,
  answer: sessionAnswerSchema,
  status: 201,
  errors: ['email_taken'],
});

/** `POST /api/auth/sign-in`: signs in with email and password; the server sets the session cookie. */
export const signInEndpoint = endpoint({
  method: 'POST',
  path: '/api/auth/sign-in',
  body: signInSchema,
  answer: sessionAnswerSchema,
  errors: ['invalid_credentials'],
});

/** `POST /api/auth/sign-out`: ends the session. */
export const signOutEndpoint = endpoint({
  method: 'POST',
  path: '/api/auth/sign-out',
  answer: sessionAnswerSchema,
  errors: [],
});

/** `POST /api/auth/phone`: keeps a phone number on record for the signed-in shopper. */
export const phoneUpdateEndpoint = endpoint({
  method: 'POST',
  path: '/api/auth/phone',
  body: phoneUpdateSchema,
  answer: sessionAnswerSchema,
  errors: ['sign_in_required'],
});
