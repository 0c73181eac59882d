import { signedTokens } from '../media/signed-links.ts';

/**
 * The token of an alert email's unsubscribe links (issue 19 item 2): it names saved searches — the
 * one a link in the email is about, or every search the email is about (its `List-Unsubscribe`
 * header) — the dealer site they belong to, and when it stops working, signed with the server's link
 * secret (HMAC-SHA256). So a link works without signing in, nobody can write one for another
 * shopper's search, and a token of one dealer's site is not valid on another's (issue 31 item 20).
 * Nothing is stored: a token is checked by signing again. The token is the file links' signed token
 * (`media/signed-links.ts`) of the kind `unsubscribe`, whose ids are the searches joined by hyphens.
 */

/** How long an unsubscribe link works: longer than anyone leaves an email unread and cares. */
export const UNSUBSCRIBE_TOKEN_DAYS = 60;

/** The most saved searches one token names (a shopper saves at most 20 on a site). */
const MAX_SEARCHES = 50;

/**
 * The tokens. One of before issue 31 was signed without its site; it is accepted until the last of
 * them expires (60 days after that release), only for one search: the store still checks the search
 * is the site's.
 */
const tokens = signedTokens<number[]>({
  name: 'unsubscribe',
  idPattern: new RegExp(`[1-9]\\d{0,9}(?:-[1-9]\\d{0,9}){0,${MAX_SEARCHES - 1}}`),
  readId: (text) => text.split('-').map(Number),
  siteless: (ids) => !ids.includes('-'),
});

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
  return tokens.token(
    secret,
    siteId,
    ids.join('-'),
    new Date(now.getTime() + UNSUBSCRIBE_TOKEN_DAYS * 86_400_000),
  );
}

/** What a token says: the saved searches it names, or why it does not count. */
export type TokenCheck =
  | { ok: true; savedSearchIds: number[] }
  | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a token's signature for the site it is used on, then its expiry. */
export function readUnsubscribeToken(
  secret: string,
  siteId: number,
  token: string,
  now: Date = new Date(),
): TokenCheck {
  const found = tokens.read(secret, siteId, token, now);
  return found.ok ? { ok: true, savedSearchIds: found.id } : found;
}
