import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an alert email's unsubscribe link (issue 19 item 2): it names one saved search and
 * when it stops working, signed with the server's link secret (HMAC-SHA256), so the link works without
 * signing in and nobody can write one for another shopper's search. Nothing is stored: a token is
 * checked by signing again.
 */

/** How long an unsubscribe link works: longer than anyone leaves an email unread and cares. */
export const UNSUBSCRIBE_TOKEN_DAYS = 60;

const sign = (secret: string, payload: string): string =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

/** `{savedSearchId}.{expiresUnixSeconds}.{signature}`. */
export function unsubscribeToken(secret: string, savedSearchId: number, now: Date = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 86_400;
  const payload = `${savedSearchId}.${expires}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** What a token says: the saved search it names, or why it does not count. */
export type TokenCheck = { ok: true; savedSearchId: number } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a token's signature, then its expiry. */
export function readUnsubscribeToken(secret: string, token: string, now: Date = new Date()): TokenCheck {
  const match = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, id, expires, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(secret, `${id}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'invalid' };
  if (Number(expires) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, savedSearchId: Number(id) };
}
