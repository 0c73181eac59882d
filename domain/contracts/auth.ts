import { z } from 'zod/mini';
import {
  confirmEmailQuerySchema,
  passwordResetRequestSchema,
  phoneUpdateSchema,
  setPasswordRequestSchema,
  signInSchema,
  signUpRequestSchema,
} from '../auth.ts';
import { type Endpoint, withRequest } from './endpoint.ts';
import { sessionAnswerSchema } from './session.ts';

/**
 * The account's writes (`search-detail-finance-watchlist.md` §6; issue 6): sign up, sign in, sign out,
 * keep a phone number, and — from an emailed link — set a password (issue 31 item 2). The request
 * bodies are the account forms' own rules (`domain/auth.ts`), which the browser forms run too; the
 * sign-ins answer the session (`./session.ts`). Apart from the session read so that these rules
 * travel with the account pages only.
 */

/** The one answer of the requests that email a link: "check your email", whatever the email. */
export const checkEmailAnswerSchema = z.object({ status: z.literal('check_email'), email: z.string() });

/**
 * `POST /api/auth/sign-up`: answers 202 "check your email" whether the email is new or known (issue
 * 14 item 8). A new email — or one whose account nobody has finished — gets a link to the page that
 * sets the password (decision 104); a known one gets a note that it has an account.
 */
export const signUpAnswerSchema = checkEmailAnswerSchema;
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
 * `POST /api/auth/password-reset`: "Forgot password?" (issue 31 item 2). Answers 202 "check your
 * email" whether the email has an account or not, after the same work; the account's owner gets a
 * link (one use, one hour) to the page that sets the password, any other address a note that it has
 * no account here.
 */
export const passwordResetEndpoint = {
  method: 'POST',
  path: '/api/auth/password-reset',
  answer: checkEmailAnswerSchema,
  status: 202,
} as const satisfies Endpoint;
export const passwordResetRequest = withRequest(passwordResetEndpoint, () => ({
  body: passwordResetRequestSchema,
}));

/**
 * `POST /api/auth/set-password`: the page an emailed link opens sends the link's token with the new
 * password. An unused, unexpired link of this site sets the password, confirms
 * the email, uses up every link of the account, ends every session of the account and signs in
 * afresh (the answer is the session). Any other token is 410 `invalid_link`.
 */
export const setPasswordEndpoint = {
  method: 'POST',
  path: '/api/auth/set-password',
  answer: sessionAnswerSchema,
} as const satisfies Endpoint;
export const setPasswordRequest = withRequest(setPasswordEndpoint, () => ({
  errors: ['invalid_link'],
  body: setPasswordRequestSchema,
}));

/**
 * `GET /api/auth/confirm-email?token=&type=&redirect=&back=`: a link emailed before decision 104.
 * It changes nothing: it redirects to the page that sets the password, with the same token and the
 * sign-in page's parameters.
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
