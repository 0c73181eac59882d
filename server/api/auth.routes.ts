import type { Hono } from 'hono';
import {
  phoneUpdateRequest,
  signInRequest,
  signOutEndpoint,
  signUpRequest,
} from '../../domain/contracts/auth.ts';
import { sessionEndpoint } from '../../domain/contracts/session.ts';
import type { AppEnv } from '../app-env.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../auth/password.ts';
import { AUTH_BUCKET, RateLimiter, rateLimit } from '../auth/rate-limit.ts';
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
import { apiRouter, serve } from './serve.ts';

/** Options the tests set: the limiter (one per server by default). */
export interface AuthRouteOptions {
  limiter?: RateLimiter;
}

/**
 * Accounts and sessions (issue 6 item 1; contracts in `domain/contracts/auth.ts`), for the resolved
 * site. Every POST must come from a page of this site (403 otherwise); sign-up, sign-in and phone
 * changes are rate-limited per client address (429).
 */
export function authRoutes(deps: ApiDeps, options: AuthRouteOptions = {}): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  const limiter = options.limiter ?? new RateLimiter(AUTH_BUCKET);
  return apiRouter(
    serve(sessionEndpoint, async (c) => {
      c.header('cache-control', 'no-store');
      return { user: await currentUser(c, deps.db, now()) };
    }),
    serve(
      signUpRequest,
      async (c, { body: { email, password, phone_number } }) => {
        const user = await createUser(deps.db, {
          siteId: c.get('site').id,
          email,
          passwordHash: await hashPassword(password),
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
      },
      [rateLimit(limiter, 'auth/sign-up')],
    ),
    serve(
      signInRequest,
      async (c, { body: { email, password } }) => {
        const user = await findUserByEmail(deps.db, c.get('site').id, email);
        const matches = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
        if (!user || !matches) return apiError(c, 401, 'invalid_credentials', 'Incorrect email or password');
        if (needsRehash(user.password_hash)) {
          await setUserPasswordHash(deps.db, user.id, await hashPassword(password));
        }
        await startSession(c, deps.db, user.id, now());
        return { user: toAuthUser(user) };
      },
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
