import { createHash, randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { UNCONFIRMED_MESSAGE } from '../../domain/auth.ts';
import {
  confirmEmailEndpoint,
  confirmEmailRequest,
  phoneUpdateRequest,
  signInRequest,
  signOutEndpoint,
  signUpRequest,
} from '../../domain/contracts/auth.ts';
import { sessionEndpoint } from '../../domain/contracts/session.ts';
import { SIGN_IN_PATH, safeReturnPath } from '../../domain/return-path.ts';
import type { AppEnv } from '../app-env.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../auth/password.ts';
import { HashingBusyError, type PasswordHasher, sharedHasher } from '../auth/password-hasher.ts';
import {
  ACCOUNT_BUCKET,
  AUTH_BUCKET,
  type Limiter,
  limiterFor,
  rateLimit,
  tooManyRequests,
} from '../auth/rate-limit.ts';
import { isHttps } from '../auth/request.ts';
import { currentUser, endSession, signedInOnly, startSession } from '../auth/session.ts';
import type { Logger } from '../logger.ts';
import {
  CONFIRMATION_HOURS,
  confirmEmail,
  createUser,
  findUserByEmail,
  type StoredUser,
  setUserPasswordHash,
  setUserPhone,
  storeConfirmation,
  toAuthUser,
} from '../store/users.repo.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { type ApiContext, apiRouter, serve } from './serve.ts';

/** Options the tests set: the limiters (one each per server by default) and the hasher (the process's). */
export interface AuthRouteOptions {
  limiter?: Limiter;
  accountLimiter?: Limiter;
  hasher?: PasswordHasher;
  logger?: Pick<Logger, 'error'>;
}

/** Runs a handler that hashes; a full hashing queue is a 429 with `Retry-After`, not a wait. */
async function hashing<T>(c: ApiContext, handler: () => Promise<Response | T>) {
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
  const mail = accountMail(deps, options.logger);
  const limiter = options.limiter ?? limiterFor(deps, AUTH_BUCKET, 'auth');
  const accountLimiter = options.accountLimiter ?? limiterFor(deps, ACCOUNT_BUCKET, 'account');
  const hasher = options.hasher ?? sharedHasher();
  return apiRouter(
    serve(sessionEndpoint, async (c) => {
      c.header('cache-control', 'no-store');
      return { user: await currentUser(c, deps.db, now()) };
    }),
    serve(
      signUpRequest,
      (c, { body: { email, password, phone_number, continue: from } }) =>
        hashing(c, async () => {
          // The same work and the same answer for a new email and a known one (issue 14 item 8):
          // the password is hashed either way, and what differs goes only into the inbox.
          const site = c.get('site');
          const passwordHash = await hashPassword(password, undefined, hasher);
          const created = await createUser(deps.db, {
            siteId: site.id,
            email,
            passwordHash,
            phoneNumber: phone_number,
          });
          const user = created ?? (await findUserByEmail(deps.db, site.id, email));
          if (user && !user.email_confirmed_at) {
            await mail.confirmation(c, user, from);
          } else if (user) {
            await mail.alreadyRegistered(c, user, from);
          }
          return { status: 'check_email' as const, email };
        }),
      [rateLimit(limiter, 'auth/sign-up')],
    ),
    serve(
      confirmEmailRequest,
      async (c, { query }) => {
        // The sign-in page the link came from, for a link that no longer signs in.
        const back = new URLSearchParams();
        for (const key of ['type', 'redirect', 'back'] as const) {
          const value = query[key];
          if (value) back.set(key, value);
        }
        const opened = /^[A-Za-z0-9_-]{20,100}$/.test(query.token)
          ? await confirmEmail(deps.db, c.get('site').id, tokenHash(query.token), now())
          : ({ kind: 'invalid' } as const);
        c.header('cache-control', 'no-store');
        c.header('referrer-policy', 'no-referrer');
        if (opened.kind === 'confirmed') {
          // Signed in: on to where the shopper was going when they signed up.
          await startSession(c, deps.db, opened.user.id, now());
          return c.redirect(safeReturnPath(query.redirect), 303);
        }
        back.set('notice', opened.kind === 'used' ? 'confirmed' : 'expired');
        return c.redirect(`${SIGN_IN_PATH}?${back.toString()}`, 303);
      },
      [rateLimit(limiter, 'auth/confirm-email')],
    ),
    serve(
      signInRequest,
      (c, { body: { email, password } }) =>
        hashing(c, async () => {
          const site = c.get('site').id;
          const wait = await accountLimiter.take(`${site} ${email.trim().toLowerCase()}`);
          if (wait > 0) return tooManyRequests(c, wait);
          const user = await findUserByEmail(deps.db, site, email);
          const stored = user?.password_hash ?? (await dummyHash(hasher));
          const matches = await verifyPassword(password, stored, hasher);
          if (!user || !matches)
            return apiError(c, 401, 'invalid_credentials', 'Incorrect email or password');
          if (!user.email_confirmed_at) {
            // Only the account's owner (who knows its password) learns it waits for confirmation.
            await mail.confirmation(c, user, null);
            return apiError(c, 403, 'email_unconfirmed', UNCONFIRMED_MESSAGE);
          }
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

/** A link token's SHA-256: what the store keeps (the token itself is only in the email). */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The shopper's origin for this site (as they reached it: a custom domain or `<slug>.localhost`). */
function originOf(c: ApiContext): string {
  return `${isHttps(c) ? 'https' : 'http'}://${c.req.header('host') ?? 'localhost'}`;
}

/** The sign-in page the shopper signed up on (its type and return paths), or the plain one. */
function signInPageOf(c: ApiContext, from: string | null | undefined): URL {
  const origin = originOf(c);
  try {
    const asked = new URL(from ?? SIGN_IN_PATH, origin);
    if (asked.origin === origin && asked.pathname === SIGN_IN_PATH) {
      const page = new URL(SIGN_IN_PATH, origin);
      for (const key of ['type', 'redirect', 'back']) {
        const value = asked.searchParams.get(key);
        if (value) page.searchParams.set(key, value);
      }
      return page;
    }
  } catch {
    // Not a path of this site.
  }
  return new URL(SIGN_IN_PATH, origin);
}

/** The emailed link: `confirmEmailEndpoint` with the token and the sign-in page's parameters. */
function confirmationLink(c: ApiContext, from: string | null | undefined, token: string): string {
  const page = signInPageOf(c, from);
  const link = new URL(confirmEmailEndpoint.path, page.origin);
  link.searchParams.set('token', token);
  for (const [key, value] of page.searchParams) link.searchParams.set(key, value);
  return link.toString();
}

/**
 * The account emails: a confirmation link for a new (or not yet confirmed) account, and a note to a
 * known email that it already has one. Without a mailer (a test server) they are only logged. A
 * mail that cannot be sent is logged too: the answer stays the same, and signing up again sends
 * another.
 */
function accountMail(deps: ApiDeps, logger: Pick<Logger, 'error'> | undefined) {
  const send = async (c: ApiContext, to: string, subject: string, text: string) => {
    const site = c.get('site');
    if (!deps.mail) return;
    try {
      await deps.mail.mailer.send({
        to,
        from: deps.mail.from,
        subject: `${subject} - ${site.name}`,
        text,
        fileName: `account-${Date.now()}-${randomBytes(4).toString('hex')}.eml`,
      });
    } catch (error) {
      logger?.error('Account email not sent', { to, error: String(error) });
    }
  };
  return {
    async confirmation(c: ApiContext, user: StoredUser, from: string | null | undefined) {
      const token = randomBytes(24).toString('base64url');
      await storeConfirmation(deps.db, user.id, tokenHash(token), deps.now?.() ?? new Date());
      const site = c.get('site');
      await send(
        c,
        user.email,
        'Confirm your email',
        [
          `Open this link to finish creating your ${site.name} account:`,
          '',
          confirmationLink(c, from, token),
          '',
          `The link works once, for ${CONFIRMATION_HOURS} hours. If you did not sign up, ignore this email.`,
        ].join('\n'),
      );
    },
    async alreadyRegistered(c: ApiContext, user: StoredUser, from: string | null | undefined) {
      const site = c.get('site');
      const signIn = signInPageOf(c, from).toString();
      await send(
        c,
        user.email,
        'You already have an account',
        [
          `Someone — we hope you — tried to create a ${site.name} account with this email address.`,
          'You already have one: sign in here with your password.',
          '',
          signIn,
          '',
          'If it was not you, you need do nothing: your account is unchanged.',
        ].join('\n'),
      );
    },
  };
}
