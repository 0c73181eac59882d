import type { Hono } from 'hono';
import {
  phoneUpdateRequest,
  signInRequest,
  signOutEndpoint,
  signUpRequest,
} from '../../domain/contracts/auth.ts';
import { type SessionAnswer, sessionEndpoint } from '../../domain/contracts/session.ts';
import type { AppEnv } from '../app-env.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../auth/password.ts';
import { HashingBusyError, type PasswordHasher, sharedHasher } from '../auth/password-hasher.ts';
import { ACCOUNT_BUCKET, AUTH_BUCKET, RateLimiter, rateLimit, tooManyRequests } from '../auth/rate-limit.ts';
import { currentUser, endSession, signedInOnly, startSession } from '../auth/session.ts';
import {
  createUser,
  findUserByEmail,
  setUserPasswordHash,
  setUserPhone,
  toAuthUser,
} from '../store/users.repo.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { type ApiContext, apiRouter, serve } from './serve.ts';

/** Options the tests set: the limiters (one each per server by default) and the hasher (the process's). */
export interface AuthRouteOptions {
  limiter?: RateLimiter;
  accountLimiter?: RateLimiter;
  hasher?: PasswordHasher;
}

/** Runs a handler that hashes; a full hashing queue is a 429 with `Retry-After`, not a wait. */
async function hashing(c: ApiContext, handler: () => Promise<Response | SessionAnswer>) {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof HashingBusyError) return tooManyRequests(c, error.retryAfterSeconds);
    throw error;
  }
}

/**
 * Accounts and sessions (issue 6 item 1; contracts in `domain/contracts/auth.ts`), for the resolved
 * site. Every POST must come from a page of this site (403 otherwise); sign-up, sign-in and phone
 * changes are rate-limited per client address, sign-in per account as well, and a full hashing queue
 * answers 429 too (issue 14 item 2, docs/security.md).
 */
export function authRoutes(deps: ApiDeps, options: AuthRouteOptions = {}): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  const limiter = options.limiter ?? new RateLimiter(AUTH_BUCKET);
  const accountLimiter = options.accountLimiter ?? new RateLimiter(ACCOUNT_BUCKET);
  const hasher = options.hasher ?? sharedHasher();
  return apiRouter(
    serve(sessionEndpoint, async (c) => {
      c.header('cache-control', 'no-store');
      return { user: await currentUser(c, deps.db, now()) };
    }),
    serve(
      signUpRequest,
      (c, { body: { email, password, phone_number } }) =>
        hashing(c, async () => {
          const user = await createUser(deps.db, {
            siteId: c.get('site').id,
            email,
            passwordHash: await hashPassword(password, undefined, hasher),
            phoneNumber: phone_number,
          });
          if (!user) {
            return apiError(
              c,
              409,
              'email_taken',
              'An account with this email already exists. Please sign in.',
              {
                email: 'An account with this email already exists',
              },
            );
          }
          await startSession(c, deps.db, user.id, now());
          return { user: toAuthUser(user) };
        }),
      [rateLimit(limiter, 'auth/sign-up')],
    ),
    serve(
      signInRequest,
      (c, { body: { email, password } }) =>
        hashing(c, async () => {
          const site = c.get('site').id;
          const wait = accountLimiter.take(`${site} ${email.trim().toLowerCase()}`);
          if (wait > 0) return tooManyRequests(c, wait);
          const user = await findUserByEmail(deps.db, site, email);
          const stored = user?.password_hash ?? (await dummyHash(hasher));
          const matches = await verifyPassword(password, stored, hasher);
          if (!user || !matches)
            return apiError(c, 401, 'invalid_credentials', 'Incorrect email or password');
          if (needsRehash(user.password_hash)) {
            await setUserPasswordHash(deps.db, user.id, await hashPassword(password, undefined, hasher));
          }
          await startSession(c, deps.db, user.id, now());
          return { user: toAuthUser(user) };
        }),
      [rateLimit(limiter, 'auth/sign-in')],
    ),
    serve(signOutEndpoint, async (c) => {
      await endSession(c, deps.db);
      return { user: null };
    }),
    serve(
      phoneUpdateRequest,
      async (c, { body }) => {
        const user = c.get('user');
        if (!user) return apiError(c, 401, 'sign_in_required', 'Please sign in first');
        const updated = await setUserPhone(deps.db, c.get('site').id, user.id, body.phone_number);
        if (!updated) return apiError(c, 401, 'sign_in_required', 'Please sign in first');
        return { user: updated };
      },
      [rateLimit(limiter, 'auth/phone'), signedInOnly(deps.db, now, 'Please sign in first')],
    ),
  );
}
