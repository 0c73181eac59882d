import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an alert email's unsubscribe links (issue 19 item 2): it names saved searches — the
 * one a link in the email is about, or every search the email is about (its `List-Unsubscribe`
 * header) — the dealer site they belong to, and when it stops working, signed with the server's link
 * secret (HMAC-SHA256). So a link works without signing in, nobody can write one for another
 * shopper's search, and a token of one dealer's site is not valid on another's (issue 31 item 20).
 * Nothing is stored: a token is checked by signing again.
 */

/** How long an unsubscribe link works: longer than anyone leaves an email unread and cares. */
export const UNSUBSCRIBE_TOKEN_DAYS = 60;

/** The most saved searches one token names (a shopper saves at most 20 on a site). */
const MAX_SEARCHES = 50;

const sign = (secret: string, siteId: number, payload: string): string =>
  createHmac('sha256', secret).update(`unsubscribe:${siteId}:${payload}`).digest('base64url');

/**
 * A token of before issue 31, not bound to its site. Accepted until the last of them expires (60
 * days after that release), only for one search: the store still checks the search is the site's.
 */
const signWithoutSite = (secret: string, payload: string): string =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

/** `{savedSearchId[-savedSearchId…]}.{expiresUnixSeconds}.{signature}`, for the site's searches. */
export function unsubscribeToken(
  secret: string,
  siteId: number,
  savedSearchIds: number | readonly number[],
  now: Date = new Date(),
): string {
  const ids = [...new Set(typeof savedSearchIds === 'number' ? [savedSearchIds] : savedSearchIds)]
    .sort((a, b) => a - b)
    .slice(0, MAX_SEARCHES);
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 86_400;
  const payload = `${ids.join('-')}.${expires}`;
  return `${payload}.${sign(secret, siteId, payload)}`;
}

/** What a token says: the saved searches it names, or why it does not count. */
export type TokenCheck =
  | { ok: true; savedSearchIds: number[] }
  | { ok: false; reason: 'invalid' | 'expired' };

const TOKEN = new RegExp(
  `^([1-9]\\d{0,9}(?:-[1-9]\\d{0,9}){0,${MAX_SEARCHES - 1}})\\.(\\d{1,12})\\.([A-Za-z0-9_-]{43})$`,
);

const sameSignature = (expected: string, given: string): boolean => {
  const [a, b] = [Buffer.from(expected), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Checks a token's signature for the site it is used on, then its expiry. */
export function readUnsubscribeToken(
  secret: string,
  siteId: number,
  token: string,
  now: Date = new Date(),
): TokenCheck {
  const match = TOKEN.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, ids, expires, signature] = match as unknown as [string, string, string, string];
  const payload = `${ids}.${expires}`;
  const signed =
    sameSignature(sign(secret, siteId, payload), signature) ||
    (!ids.includes('-') && sameSignature(signWithoutSite(secret, payload), signature));
  if (!signed) return { ok: false, reason: 'invalid' };
  if (Number(expires) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, savedSearchIds: ids.split('-').map(Number) };
}
