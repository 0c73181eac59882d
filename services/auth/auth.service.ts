import {
  type AuthUser,
  type SessionAnswer,
  type SignInInput,
  type SignUpInput,
  sessionAnswerSchema,
} from '../../domain/auth.ts';
import { ServiceError } from '../errors.ts';
import type { Http } from '../http.ts';

function signedIn(answer: SessionAnswer, path: string): AuthUser {
  if (!answer.user) throw new ServiceError('validation', `Unexpected answer from ${path}: no user`);
  return answer.user;
}

/** The shopper signed in on this site, or null (`GET /api/auth/session`). */
export async function fetchSession(http: Http): Promise<AuthUser | null> {
  return (await http.get('/api/auth/session', sessionAnswerSchema)).user;
}

/** Signs in with email and password (`POST /api/auth/sign-in`); the server sets the session cookie. */
export async function signIn(http: Http, input: SignInInput): Promise<AuthUser> {
  return signedIn(await http.post('/api/auth/sign-in', input, sessionAnswerSchema), '/api/auth/sign-in');
}

/** Creates an account and signs in (`POST /api/auth/sign-up`); the phone number is optional. */
export async function signUp(http: Http, input: SignUpInput): Promise<AuthUser> {
  return signedIn(await http.post('/api/auth/sign-up', input, sessionAnswerSchema), '/api/auth/sign-up');
}

/** Keeps a phone number on record for the signed-in shopper (`POST /api/auth/phone`). */
export async function savePhone(http: Http, phoneNumber: string): Promise<AuthUser> {
  return signedIn(
    await http.post('/api/auth/phone', { phone_number: phoneNumber }, sessionAnswerSchema),
    '/api/auth/phone',
  );
}

/** Signs out (`POST /api/auth/sign-out`). */
export async function signOut(http: Http): Promise<void> {
  await http.post('/api/auth/sign-out', {}, sessionAnswerSchema);
}
