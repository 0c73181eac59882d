import { phoneUpdateSchema, signInSchema, signUpSchema } from '../auth.ts';
import { endpoint } from './endpoint.ts';
import { sessionAnswerSchema } from './session.ts';

/**
 * The account's writes (`search-detail-finance-watchlist.md` §6; issue 6): sign up, sign in, sign out
 * and keep a phone number. The request bodies are the sign-in form's own rules (`domain/auth.ts`),
 * which the browser form runs too; each answers the session (`./session.ts`). Apart from the session
 * read so that these rules travel with the sign-in page only.
 */

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
