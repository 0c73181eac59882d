import { Hono } from 'hono';
import { phoneUpdateSchema, signInSchema, signUpSchema } from '../../domain/auth.ts';
import type { AppEnv } from '../app.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../auth/password.ts';
import { AUTH_BUCKET, RateLimiter, rateLimit } from '../auth/rate-limit.ts';
import { readJsonBody } from '../auth/request.ts';
import { sameOriginOnly } from '../auth/same-origin.ts';
import { currentUser, endSession, startSession } from '../auth/session.ts';
import {
  createUser,
  findUserByEmail,
  setUserPasswordHash,
  setUserPhone,
  toAuthUser,
} from '../store/users.repo.ts';
import { apiError } from './api-error.ts';
import type { ApiDeps } from './routes.ts';

/** Options the tests set: the limiter (one per server by default). */
export interface AuthRouteOptions {
  limiter?: RateLimiter;
}

/**
 * Accounts and sessions (issue 6 item 1), for the resolved site:
 * `GET /api/auth/session`, `POST /api/auth/sign-up | sign-in | sign-out | phone`. Every POST must come
 * from a page of this site (403 otherwise); sign-up, sign-in and phone changes are rate-limited per
 * client address (429). Answers carry `{ user }` (id, email, phone_number) or an error body.
 */
export function authRoutes(deps: ApiDeps, options: AuthRouteOptions = {}): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  const limiter = options.limiter ?? new RateLimiter(AUTH_BUCKET);
  const sameOrigin = sameOriginOnly();
  return new Hono<AppEnv>()
    .get('/auth/session', async (c) => {
      c.header('cache-control', 'no-store');
      return c.json({ user: await currentUser(c, deps.db, now()) });
    })
    .post('/auth/sign-up', sameOrigin, rateLimit(limiter, 'auth/sign-up'), async (c) => {
      const body = await readJsonBody(c, signUpSchema);
      if (!body.ok) return body.response;
      const { email, password, phone_number } = body.data;
      const user = await createUser(deps.db, {
        siteId: c.get('site').id,
        email,
        passwordHash: await hashPassword(password),
        phoneNumber: phone_number,
      });
      if (!user) {
        return apiError(c, 409, 'email_taken', 'An account with this email already exists. Please sign in.', {
          email: 'An account with this email already exists',
        });
      }
      await startSession(c, deps.db, user.id, now());
      return c.json({ user: toAuthUser(user) }, 201);
    })
    .post('/auth/sign-in', sameOrigin, rateLimit(limiter, 'auth/sign-in'), async (c) => {
      const body = await readJsonBody(c, signInSchema);
      if (!body.ok) return body.response;
      const { email, password } = body.data;
      const user = await findUserByEmail(deps.db, c.get('site').id, email);
      const matches = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
      if (!user || !matches) return apiError(c, 401, 'invalid_credentials', 'Incorrect email or password');
      if (needsRehash(user.password_hash)) {
        await setUserPasswordHash(deps.db, user.id, await hashPassword(password));
      }
      await startSession(c, deps.db, user.id, now());
      return c.json({ user: toAuthUser(user) });
    })
    .post('/auth/sign-out', sameOrigin, async (c) => {
      await endSession(c, deps.db);
      return c.json({ user: null });
    })
    .post('/auth/phone', sameOrigin, rateLimit(limiter, 'auth/phone'), async (c) => {
      const user = await currentUser(c, deps.db, now());
      if (!user) return apiError(c, 401, 'sign_in_required', 'Please sign in first');
      const body = await readJsonBody(c, phoneUpdateSchema);
      if (!body.ok) return body.response;
      const updated = await setUserPhone(deps.db, c.get('site').id, user.id, body.data.phone_number);
      if (!updated) return apiError(c, 401, 'sign_in_required', 'Please sign in first');
      return c.json({ user: updated });
    });
}
