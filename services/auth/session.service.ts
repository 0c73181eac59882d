import { type AuthUser, sessionEndpoint } from '../../domain/contracts/session.ts';
import { call, type Http } from '../http.ts';

/**
 * The shopper signed in on this site, or null (`GET /api/auth/session`). Apart from the account's
 * writes (`auth.service.ts`) because every page reads it: the writes' rules travel with the sign-in
 * page only.
 */
export async function fetchSession(http: Http): Promise<AuthUser | null> {
  return (await call(http, sessionEndpoint)).user;
}
