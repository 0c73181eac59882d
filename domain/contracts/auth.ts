import { phoneUpdateSchema, signInSchema, signUpSchema } from '../auth.ts';
import { type Endpoint, withRequest } from './endpoint.ts';
import { sessionAnswerSchema } from './session.ts';

/**
 * The account's writes (`search-detail-finance-watchlist.md` §6; issue 6): sign up, sign in, sign out
 * and keep a phone number. The request bodies are the sign-in form's own rules (`domain/auth.ts`),
 * which the browser form runs too; each answers the session (`./session.ts`). Apart from the session
 * read so that these rules travel with the sign-in page only.
 */

/** `POST /api/auth/sign-up`: creates an account and signs in (201). */
export const signUpEndpoint = {
  method: 'POST',
  path: '/api/auth/sign-up',
  answer: sessionAnswerSchema,
  status: 201,
} as const satisfies Endpoint;
export const signUpRequest = withRequest(signUpEndpoint, () => ({
  errors: ['email_taken'],
  body: signUpSchema,
}));

/** `POST /api/auth/sign-in`: signs in with email and password; the server sets the session cookie. */
export const signInEndpoint = {
  method: 'POST',
  path: '/api/auth/sign-in',
  answer: sessionAnswerSchema,
} as const satisfies Endpoint;
export const signInRequest = withRequest(signInEndpoint, () => ({
  errors: ['invalid_credentials'],
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
