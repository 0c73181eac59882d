import type {
  Authenticated,
  Credentials,
  PasswordResetCall,
  PhoneUpdate,
  SetPasswordCall,
  SignInInput,
  SignUpCall,
} from '../../domain/auth.ts';
import {
  passwordResetEndpoint,
  type passwordResetRequest,
  phoneUpdateEndpoint,
  type phoneUpdateRequest,
  setPasswordEndpoint,
  type setPasswordRequest,
  signInEndpoint,
  type signInRequest,
  signOutEndpoint,
  signUpEndpoint,
  type signUpRequest,
} from '../../domain/contracts/auth.ts';
import type { EveryFieldOf } from '../../domain/contracts/endpoint.ts';
import type { AuthUser, SessionAnswer } from '../../domain/contracts/session.ts';
import { ServiceError } from '../errors.ts';
import { call, type Http } from '../http.ts';

function signedIn(answer: SessionAnswer, path: string): AuthUser {
  if (!answer.user) throw new ServiceError('validation', `Unexpected answer from ${path}: no user`);
  return answer.user;
}

/** Signs in with email and password (`POST /api/auth/sign-in`); the server sets the session cookie. */
export async function signIn(http: Http, input: SignInInput): Promise<AuthUser> {
  const body = { email: input.email, password: input.password } satisfies EveryFieldOf<typeof signInRequest>;
  return signedIn(
    await call<typeof signInEndpoint, typeof signInRequest>(http, signInEndpoint, { body }),
    signInEndpoint.path,
  );
}

/**
 * Asks for an account (`POST /api/auth/sign-up`, the email only): resolves with the email the link
 * was sent to. `continueAt` is the sign-in page (path and query) whose reasons the link carries on.
 */
export async function signUp(http: Http, input: SignUpCall): Promise<{ checkEmail: string }> {
  const body = { email: input.email, continue: input.continueAt } satisfies EveryFieldOf<
    typeof signUpRequest
  >;
  const answer = await call<typeof signUpEndpoint, typeof signUpRequest>(http, signUpEndpoint, { body });
  return { checkEmail: answer.email };
}

/** The sign-in page's form sent: a sign-in (`signIn`) or a sign-up (`signUp`), as its mode says. */
export function authenticate(http: Http, input: Credentials): Promise<Authenticated> {
  return input.mode === 'signIn' ? signIn(http, input) : signUp(http, input);
}

/**
 * Asks for a link to choose a new password (`POST /api/auth/password-reset`): resolves with the email
 * it was sent to, whether the address has an account or not.
 */
export async function requestPasswordReset(http: Http, input: PasswordResetCall): Promise<{ email: string }> {
  const body = {
    email: input.email,
    continue: input.continueAt,
  } satisfies EveryFieldOf<typeof passwordResetRequest>;
  const answer = await call<typeof passwordResetEndpoint, typeof passwordResetRequest>(
    http,
    passwordResetEndpoint,
    { body },
  );
  return { email: answer.email };
}

/**
 * Sets the password from an emailed link (`POST /api/auth/set-password`): the server signs in afresh
 * and sets the session cookie. A refused link is a `ServiceError` with the code `invalid_link`.
 */
export async function setPassword(http: Http, input: SetPasswordCall): Promise<AuthUser> {
  const body = { token: input.token, password: input.password } satisfies EveryFieldOf<
    typeof setPasswordRequest
  >;
  return signedIn(
    await call<typeof setPasswordEndpoint, typeof setPasswordRequest>(http, setPasswordEndpoint, { body }),
    setPasswordEndpoint.path,
  );
}

/** Keeps a phone number on record for the signed-in shopper (`POST /api/auth/phone`). */
export async function savePhone(http: Http, input: PhoneUpdate): Promise<AuthUser> {
  const body = { phone_number: input.phone_number } satisfies EveryFieldOf<typeof phoneUpdateRequest>;
  const answer = await call<typeof phoneUpdateEndpoint, typeof phoneUpdateRequest>(
    http,
    phoneUpdateEndpoint,
    { body },
  );
  return signedIn(answer, phoneUpdateEndpoint.path);
}

/** Signs out (`POST /api/auth/sign-out`). */
export async function signOut(http: Http): Promise<void> {
  await call(http, signOutEndpoint);
}
