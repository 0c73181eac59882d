import { createHash, randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { INVALID_LINK_MESSAGE } from '../../domain/auth.ts';
import {
  confirmEmailRequest,
  passwordResetRequest,
  phoneUpdateRequest,
  setPasswordRequest,
  signInRequest,
  signOutEndpoint,
  signUpRequest,
} from '../../domain/contracts/auth.ts';
import { sessionEndpoint } from '../../domain/contracts/session.ts';
import { FORGOT_PASSWORD_PATH, SET_PASSWORD_PATH, SIGN_IN_PATH } from '../../domain/return-path.ts';
import type { AppEnv } from '../app-env.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../auth/password.ts';
import { HashingBusyError, type PasswordHasher, sharedHasher } from '../auth/password-hasher.ts';
import {
  ACCOUNT_BUCKET,
  AUTH_BUCKET,
  type Limiter,
  limiterFor,
  RECIPIENT_BUCKET,
  rateLimit,
  tooManyRequests,
} from '../auth/rate-limit.ts';
import { currentUser, endSession, signedInOnly, startSession } from '../auth/session.ts';
import type { Logger } from '../logger.ts';
import { emailLinkOrigin } from '../mail/link-origin.ts';
import {
  type AccountLinkPurpose,
  createUser,
  findUserByEmail,
  isLinkLive,
  LINK_HOURS,
  rehashUserPassword,
  type StoredUser,
  setPasswordFromLink,
  setUserPhone,
  storeAccountLink,
  toAuthUser,
} from '../store/users.repo.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { type ApiContext, apiRouter, serve } from './serve.ts';

/** Options the tests set: the limiters (one each per server by default) and the hasher (the process's). */
export interface AuthRouteOptions {
  limiter?: Limiter;
  accountLimiter?: Limiter;
  /** Account emails per site and recipient address (`RECIPIENT_BUCKET`). */
  recipientLimiter?: Limiter;
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
 * site. Every POST must come from a page of this site (403 otherwise); sign-up, sign-in, password
 * resets, setting a password and phone changes are rate-limited per client address, sign-in per
 * account as well, account emails per recipient (silently), and a full hashing queue answers 429 too
 * (issue 14 item 2, issue 31 items 2 and 9, docs/security.md). A password is only ever set by
 * whoever opens an emailed link (decision 104).
 */
export function authRoutes(deps: ApiDeps, options: AuthRouteOptions = {}): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  const limiter = options.limiter ?? limiterFor(deps, AUTH_BUCKET, 'auth');
  const accountLimiter = options.accountLimiter ?? limiterFor(deps, ACCOUNT_BUCKET, 'account');
  const recipientLimiter = options.recipientLimiter ?? limiterFor(deps, RECIPIENT_BUCKET, 'account-mail');
  const mail = accountMail(deps, recipientLimiter, options.logger);
  const hasher = options.hasher ?? sharedHasher();
  return apiRouter(
    serve(sessionEndpoint, async (c) => {
      c.header('cache-control', 'no-store');
      return { user: await currentUser(c, deps.db, now()) };
    }),
    serve(
      signUpRequest,
      async (c, { body: { email, continue: from } }) => {
        // The same work and the same answer for a new email and a known one (issue 14 item 8); what
        // differs goes only into the inbox. No password is taken: the link's page sets it (decision 104).
        const site = c.get('site');
        await createUser(deps.db, { siteId: site.id, email });
        const user = await findUserByEmail(deps.db, site.id, email);
        if (user?.email_confirmed_at) await mail.alreadyRegistered(c, user, from);
        else if (user) await mail.link(c, user, 'confirm', from);
        return { status: 'check_email' as const, email };
      },
      [rateLimit(limiter, 'auth/sign-up')],
    ),
    serve(
      passwordResetRequest,
      async (c, { body: { email, continue: from } }) => {
        // The same answer whether the email has an account or not; an email goes either way.
        const user = await findUserByEmail(deps.db, c.get('site').id, email);
        if (user) await mail.link(c, user, 'reset', from);
        else await mail.noAccount(c, email, from);
        return { status: 'check_email' as const, email };
      },
      [rateLimit(limiter, 'auth/password-reset')],
    ),
    serve(
      setPasswordRequest,
      (c, { body: { token, password } }) =>
        hashing(c, async () => {
          const siteId = c.get('site').id;
          const hash = tokenHash(token);
          c.header('cache-control', 'no-store');
          // A dead link costs no hashing; the transaction checks it again.
          if (!(await isLinkLive(deps.db, siteId, hash, now()))) return invalidLink(c);
          const passwordHash = await hashPassword(password, undefined, hasher);
          const user = await setPasswordFromLink(deps.db, { siteId, tokenHash: hash, passwordHash }, now());
          if (!user) return invalidLink(c);
          // Every other session of the account has ended: this one starts afresh.
          await startSession(c, deps.db, user.id, now());
          return { user: toAuthUser(user) };
        }),
      [rateLimit(limiter, 'auth/set-password')],
    ),
    serve(
      confirmEmailRequest,
      async (c, { query }) => {
        // A link emailed before decision 104: it leads to the page that sets the password, and
        // changes nothing itself.
        const page = new URLSearchParams();
        for (const key of ['token', 'type', 'redirect', 'back'] as const) {
          const value = query[key];
          if (value) page.set(key, value);
        }
        c.header('cache-control', 'no-store');
        c.header('referrer-policy', 'no-referrer');
        return c.redirect(`${SET_PASSWORD_PATH}?${page.toString()}`, 303);
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
          // An account nobody has finished has no password: it is refused like an unknown email.
          const stored = user?.password_hash ?? (await dummyHash(hasher));
          const matches = await verifyPassword(password, stored, hasher);
          if (!user?.password_hash || !matches)
            return apiError(c, 401, 'invalid_credentials', 'Incorrect email or password');
          if (needsRehash(user.password_hash)) {
            const to = await hashPassword(password, undefined, hasher);
            await rehashUserPassword(deps.db, user.id, { from: user.password_hash, to });
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

/** A link that is unknown, used, expired or another site's. */
const invalidLink = (c: ApiContext) => apiError(c, 410, 'invalid_link', INVALID_LINK_MESSAGE);

/** A link token's SHA-256: what the store keeps (the token itself is only in the email). */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A page of this site's account pages, with the sign-in page's parameters (type and return paths)
 * the shopper asked from (`from`, a path and query the browser sends), at the site's configured
 * origin (`emailLinkOrigin`).
 */
function accountPage(c: ApiContext, path: string, from: string | null | undefined): URL {
  const origin = emailLinkOrigin(c);
  const page = new URL(path, origin);
  try {
    const asked = new URL(from ?? SIGN_IN_PATH, origin);
    if (asked.origin === origin && asked.pathname === SIGN_IN_PATH) {
      for (const key of ['type', 'redirect', 'back']) {
        const value = asked.searchParams.get(key);
        if (value) page.searchParams.set(key, value);
      }
    }
  } catch {
    // Not a path of this site: the plain page.
  }
  return page;
}

const hoursText = (hours: number) => (hours === 1 ? 'an hour' : `${hours} hours`);

/**
 * The account emails, each through the site's mailer with links at its configured origin: a link to
 * the page that sets the password (a new account's or a reset's), a note to a known email that it
 * already has an account, and a note to an unknown one that asked for a reset. At most
 * `RECIPIENT_BUCKET` go to one address of a site; past it nothing is sent or stored, and the caller's
 * answer is the same. Without a mailer (a test server) nothing is sent. A mail that cannot be sent is
 * logged: the answer stays the same, and asking again sends another.
 */
function accountMail(deps: ApiDeps, recipients: Limiter, logger: Pick<Logger, 'error'> | undefined) {
  const allowed = async (c: ApiContext, to: string) =>
    (await recipients.take(`${c.get('site').id} ${to.toLowerCase()}`)) === 0;
  const send = async (c: ApiContext, to: string, subject: string, lines: string[]) => {
    const site = c.get('site');
    if (!deps.mail) return;
    try {
      await deps.mail.mailer.send({
        to,
        from: deps.mail.from,
        subject: `${subject} - ${site.name}`,
        text: lines.join('\n'),
        fileName: `account-${Date.now()}-${randomBytes(4).toString('hex')}.eml`,
      });
    } catch (error) {
      logger?.error('Account email not sent', { to, error: String(error) });
    }
  };
  return {
    /** A link to the page that sets the password: a new account's first, or a reset. */
    async link(
      c: ApiContext,
      user: StoredUser,
      purpose: AccountLinkPurpose,
      from: string | null | undefined,
    ) {
      if (!(await allowed(c, user.email))) return;
      const token = randomBytes(24).toString('base64url');
      await storeAccountLink(
        deps.db,
        { userId: user.id, tokenHash: tokenHash(token), purpose },
        deps.now?.() ?? new Date(),
      );
      const page = accountPage(c, SET_PASSWORD_PATH, from);
      page.searchParams.set('token', token);
      if (purpose === 'reset') page.searchParams.set('reset', '1');
      const site = c.get('site').name;
      const works = `The link works once, for ${hoursText(LINK_HOURS[purpose])}.`;
      await send(
        c,
        user.email,
        purpose === 'reset' ? 'Choose a new password' : 'Finish creating your account',
        purpose === 'reset'
          ? [
              `Open this link to choose a new password for your ${site} account:`,
              '',
              page.toString(),
              '',
              `${works} Choosing a new password signs you out everywhere else.`,
              'If you did not ask for it, ignore this email: your password stays as it is.',
            ]
          : [
              `Open this link to choose your password and finish creating your ${site} account:`,
              '',
              page.toString(),
              '',
              `${works} If you did not sign up, ignore this email: no account is made without it.`,
            ],
      );
    },
    /** A sign-up with an email that has an account: sign in, or reset the password. */
    async alreadyRegistered(c: ApiContext, user: StoredUser, from: string | null | undefined) {
      if (!(await allowed(c, user.email))) return;
      const site = c.get('site').name;
      await send(c, user.email, 'You already have an account', [
        `Someone — we hope you — tried to create a ${site} account with this email address.`,
        'You already have one: sign in here with your password.',
        '',
        accountPage(c, SIGN_IN_PATH, from).toString(),
        '',
        'Forgotten your password? Choose a new one here:',
        '',
        accountPage(c, FORGOT_PASSWORD_PATH, from).toString(),
        '',
        'If it was not you, you need do nothing: your account is unchanged.',
      ]);
    },
    /** A reset asked for an email that has no account here. */
    async noAccount(c: ApiContext, email: string, from: string | null | undefined) {
      if (!(await allowed(c, email))) return;
      const site = c.get('site').name;
      await send(c, email, 'About your password', [
        `Someone — we hope you — asked to reset the password of a ${site} account with this email address, but there is no such account.`,
        'To create one, choose "Create an account" on the sign-in page:',
        '',
        accountPage(c, SIGN_IN_PATH, from).toString(),
        '',
        'If it was not you, you need do nothing.',
      ]);
    },
  };
}
