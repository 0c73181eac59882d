import { createHash, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env.ts';
import { isHttps } from '../auth/request.ts';
import { parseCookieHeader } from '../auth/session.ts';
import type { Db, Executor } from '../store/db.ts';
import {
  deleteStaffSession,
  findStaffSession,
  insertStaffSession,
  toStaffMember,
  touchStaffSession,
} from '../store/staff.repo.ts';

/**
 * The dealer console's sessions (issue 36 item 2, decision 125): separate from shoppers' — their own
 * cookie, `SameSite=Strict`, and a shorter life (12 h from sign-in, ended after 2 h without a request).
 */

/** The staff cookie's name; over https it carries the `__Host-` prefix (Secure, Path=/, no Domain). */
export const STAFF_COOKIE = 'forecourt_staff';
/** A staff session's whole life from sign-in. */
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;
/** A staff session ends after this long without a request. */
export const STAFF_IDLE_MS = 2 * 60 * 60 * 1000;
/** How stale `last_seen_at` may get before a request writes it again (one write a minute, not one a request). */
const TOUCH_AFTER_MS = 60 * 1000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What the staff session needs: the store and the clock (tests pin it). */
export interface StaffSessionDeps {
  db: Db;
  now?: () => Date;
}

function cookieName(c: Context): string {
  return isHttps(c) ? `__Host-${STAFF_COOKIE}` : STAFF_COOKIE;
}

/** The store's key for a staff session token: its SHA-256. */
export function hashStaffToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function staffToken(c: Context): string | null {
  const name = cookieName(c);
  const token = parseCookieHeader(c.req.header('cookie')).pairs.find(([pair]) => pair === name)?.[1];
  return token && TOKEN.test(token) ? token : null;
}

/**
 * Starts a staff session for `memberId` on the request's site: a fresh 256-bit token in an HttpOnly,
 * SameSite=Strict cookie (Secure and `__Host-` over https) that lives 12 h; only its hash is stored.
 */
export async function startStaffSession(
  c: Context<AppEnv>,
  q: Executor,
  memberId: number,
  now: Date,
): Promise<void> {
  setStaffCookie(c, await createStaffSessionToken(q, { memberId, siteId: c.get('site').id, now }));
}

/** Sends a stored session's token as the staff cookie. */
export function setStaffCookie(c: Context, token: string): void {
  setCookie(c, cookieName(c), token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: isHttps(c),
    path: '/',
    maxAge: STAFF_SESSION_MS / 1000,
  });
}

/** Stores a new session for a member of a site and returns its token (what the cookie carries). */
export async function createStaffSessionToken(
  q: Executor,
  session: { memberId: number; siteId: number; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertStaffSession(q, {
    tokenHash: hashStaffToken(token),
    memberId: session.memberId,
    siteId: session.siteId,
    createdAt: session.now,
    expiresAt: new Date(session.now.getTime() + STAFF_SESSION_MS),
  });
  return token;
}

/** Ends this request's staff session, in the store and in the browser. */
export async function endStaffSession(c: Context<AppEnv>, db: Executor): Promise<void> {
  const token = staffToken(c);
  if (token) await deleteStaffSession(db, hashStaffToken(token));
  deleteCookie(c, cookieName(c), { path: '/', secure: isHttps(c), httpOnly: true, sameSite: 'Strict' });
}

/**
 * Reads the staff cookie on `/api/dealer/*` and the console's pages: when it names a live session of
 * an active member of THIS site, `c.var.staff` is that member; otherwise it stays unset — a member of
 * another dealer is a stranger here. It never refuses: `serve()` does, from each contract's `staff`.
 * A session in use has its idle clock restarted (at most once a minute).
 */
export function staffSession(deps: StaffSessionDeps): MiddlewareHandler<AppEnv> {
  const clock = deps.now ?? (() => new Date());
  return async (c, next) => {
    const token = staffToken(c);
    if (token) {
      const now = clock();
      const tokenHash = hashStaffToken(token);
      const found = await findStaffSession(deps.db, tokenHash, c.get('site').id, now, STAFF_IDLE_MS);
      if (found) {
        c.set('staff', toStaffMember(found.member));
        if (now.getTime() - Date.parse(found.lastSeenAt) >= TOUCH_AFTER_MS) {
          await touchStaffSession(deps.db, tokenHash, now);
        }
      }
    }
    await next();
  };
}
