import { z } from 'zod/mini';
import { confirmEmailQuerySchema, phoneUpdateSchema, signInSchema, signUpRequestSchema } from '../auth.ts';
import { type Endpoint, withRequest } from './endpoint.ts';
import { sessionAnswerSchema } from './session.ts';

/**
 * The account's writes (`search-detail-finance-watchlist.md` §6; issue 6): sign up, sign in, sign out
 * and keep a phone number. The request bodies are the sign-in form's own rules (`domain/auth.ts`),
 * which the browser form runs too; each answers the session (`./session.ts`). Apart from the session
 * read so that these rules travel with the sign-in page only.
 */

/**
 * `POST /api/auth/sign-up`: answers 202 "check your email" whether the email is new or known (issue
 * 14 item 8). A new email gets an account waiting for confirmation and a link; a known one gets a
 * note that it has an account (or, not yet confirmed, a fresh link). The link signs in.
 */
export const signUpAnswerSchema = z.object({ status: z.literal('check_email'), email: z.string() });
export const signUpEndpoint = {
  method: 'POST',
  path: '/api/auth/sign-up',
  answer: signUpAnswerSchema,
  status: 202,
} as const satisfies Endpoint;
export const signUpRequest = withRequest(signUpEndpoint, () => ({
  body: signUpRequestSchema,
}));

/**
 * `GET /api/auth/confirm-email?token=&type=&redirect=&back=`: the emailed link. An unused token
 * confirms the account, signs in and redirects to `redirect` (a same-site path, else `/`); a used or
 * expired one redirects to the sign-in page it came from with `notice=confirmed` or `notice=expired`.
 */
export const confirmEmailEndpoint = {
  method: 'GET',
  path: '/api/auth/confirm-email',
  answer: 'redirect',
} as const satisfies Endpoint;
export const confirmEmailRequest = withRequest(confirmEmailEndpoint, () => ({
  query: confirmEmailQuerySchema,
}));

/** `POST /api/auth/sign-in`: signs in with email and password; the server sets the session cookie. */
export const signInEndpoint = {
  method: 'POST',
  path: '/api/auth/sign-in',
  answer: sessionAnswerSchema,
} as const satisfies Endpoint;
export const signInRequest = withRequest(signInEndpoint, () => ({
  errors: ['invalid_credentials', 'email_unconfirmed'],
  body: signInSchema,
}));

/** `POST /api/auth/sign-out`: ends the session. */
export const signOutEndpoint = {
  method: 'POST',
  path: '/api/auth/sign-out',
  answer: sessionAnswerSchema,
} as const satisfies Endpoint;

/** `POST /api/auth/phone`: keeps a phone number on record for the signed-in shopper. */
export const phoneUpdateEndpoint = {
  method: 'POST',
  path: '/api/auth/phone',
  answer: sessionAnswerSchema,
} as const satisfies Endpoint;
export const phoneUpdateRequest = withRequest(phoneUpdateEndpoint, () => ({
  errors: ['sign_in_required'],
  body: phoneUpdateSchema,
}));
