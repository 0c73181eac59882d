import { createHash, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AuthUser } from '../../domain/contracts/session.ts';
import { apiError } from '../api/api-error.ts';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../store/db.ts';
import { createSession, deleteSession, findSessionUser } from '../store/sessions.repo.ts';
import { isHttps } from './request.ts';

/** The session cookie's name; over https it carries the `__Host-` prefix (Secure, Path=/, no Domain). */
export const SESSION_COOKIE = 'forecourt_session';

/** How long a session lasts from sign-in. */
export const SESSION_DAYS = 30;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function cookieName(c: Context): string {
  return isHttps(c) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** The store's key for a session token: its SHA-256 (the token itself is never stored). */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Starts a session for `user` on the request's site: a fresh random token (256 bits) goes into an
 * HttpOnly, SameSite=Lax cookie (Secure over https); only its hash is stored.
 */
export async function startSession(c: Context<AppEnv>, db: Db, userId: number, now: Date): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await createSession(db, {
    tokenHash: hashSessionToken(token),
    userId,
    siteId: c.get('site').id,
    expiresAt,
  });
  setCookie(c, cookieName(c), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    maxAge: SESSION_DAYS * 86_400,
  });
}

/** A `Cookie` header as the server reads it: its well-formed pairs in order, and whether every part was one. */
export interface CookieHeader {
  pairs: readonly (readonly [name: string, value: string])[];
  /** False when any part is not `name=value` as RFC 6265 §4.2.1 writes it (a space before `=`, a stray quote…). */
  clean: boolean;
}

/** RFC 6265 `cookie-name` (an RFC 7230 token) and `cookie-value` (cookie-octets, optionally quoted). */
const COOKIE_PAIR = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+)=("?)([\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*)\2$/;

/**
 * The one reader of `Cookie` headers, for the session and the page cache alike (issue 31 item 5): a
 * cookie whose name another parser would trim (`forecourt_session =…`) or whose value it would
 * decode is not a pair here, and it makes the header unclean — which the page cache treats as a
 * session. Parts are separated by `;` and the spaces browsers put after it; nothing is decoded.
 */
export function parseCookieHeader(header: string | undefined): CookieHeader {
  const pairs: [string, string][] = [];
  let clean = true;
  if (!header) return { pairs, clean };
  for (const part of header.split(';')) {
    const match = COOKIE_PAIR.exec(part.replace(/^[ \t]+/, ''));
    if (match) pairs.push([match[1] as string, match[3] as string]);
    else clean = false;
  }
  return { pairs, clean };
}

/**
 * Whether a request may be answered from, and leave its page in, the cache of signed-out pages: its
 * `Cookie` header reads cleanly and names the session cookie under neither of its names (a stale
 * session's page is rendered for its holder alone too).
 */
export function isSignedOutRequest(cookieHeader: string | undefined): boolean {
  const { pairs, clean } = parseCookieHeader(cookieHeader);
  return clean && !pairs.some(([name]) => name === SESSION_COOKIE || name === `__Host-${SESSION_COOKIE}`);
}

function sessionToken(c: Context): string | null {
  const name = cookieName(c);
  const token = parseCookieHeader(c.req.header('cookie')).pairs.find(([pair]) => pair === name)?.[1];
  return token && TOKEN.test(token) ? token : null;
}

/** The signed-in shopper of this request on this site, or null. */
export async function currentUser(c: Context<AppEnv>, db: Db, now: Date): Promise<AuthUser | null> {
  const token = sessionToken(c);
  if (!token) return null;
  return findSessionUser(db, hashSessionToken(token), c.get('site').id, now);
}

/** Ends this request's session (in the store and in the browser). */
export async function endSession(c: Context<AppEnv>, db: Db): Promise<void> {
  const token = sessionToken(c);
  if (token) await deleteSession(db, hashSessionToken(token));
  deleteCookie(c, cookieName(c), { path: '/', secure: isHttps(c), httpOnly: true, sameSite: 'Lax' });
}

/**
 * Answers 401 `sign_in_required` with `message` unless the request carries a live session; otherwise
 * the handler finds the shopper as `c.get('user')`. Runs before the body is read, so a signed-out
 * caller learns that first, whatever it sent.
 */
export function signedInOnly(db: Db, now: () => Date, message: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await currentUser(c, db, now());
    if (!user) return apiError(c, 401, 'sign_in_required', message);
    c.set('user', user);
    await next();
  };
}
