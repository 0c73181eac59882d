import type { Hono } from 'hono';
import { UNSUBSCRIBE_PATH } from '../../domain/content-pages.ts';
import {
  confirmSearchRequest,
  deleteSavedSearchRequest,
  oneClickUnsubscribePageRequest,
  oneClickUnsubscribeRequest,
  savedSearchesEndpoint,
  saveSearchByEmailRequest,
  saveSearchRequest,
  setAlertFrequencyRequest,
  unsubscribeRequest,
} from '../../domain/contracts/saved-searches.ts';
import { SAVED_SEARCH_LIMIT, type SavedSearch } from '../../domain/saved-search.ts';
import { isListingHref } from '../../domain/saved-search-link.ts';
import type { AppEnv } from '../app-env.ts';
import {
  ACCOUNT_BUCKET,
  ANALYTICS_BUCKET,
  type Limiter,
  limiterFor,
  RECIPIENT_BUCKET,
  rateLimit,
  WATCHLIST_BUCKET,
} from '../auth/rate-limit.ts';
import { currentUser, signedInOnly } from '../auth/session.ts';
import { emailLinkOrigin } from '../mail/link-origin.ts';
import { confirmSearchEmail, confirmTokenHash, newConfirmToken } from '../saved-searches/confirm-email.ts';
import { readUnsubscribeToken } from '../saved-searches/unsubscribe-token.ts';
import {
  confirmSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  saveSearch,
  saveSearchByEmail,
  setAlertFrequency,
  stopAlerts,
} from '../store/saved-searches.repo.ts';
import { createUser, findUserByEmail } from '../store/users.repo.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { type ApiContext, apiRouter, serve } from './serve.ts';

/** Options the tests set: the limiters (one per server by default). */
export interface SavedSearchRouteOptions {
  limiter?: Limiter;
  unsubscribeLimiter?: Limiter;
  /** How many confirmation emails one address of a site gets (`RECIPIENT_BUCKET` by default). */
  recipientLimiter?: Limiter;
}

const SIGN_IN_MESSAGE = 'Please sign in to save searches';
const CONFIRM_EXPIRED_MESSAGE = 'This link has expired: save the search again to get a new one';
const CONFIRM_INVALID_MESSAGE = 'This link is not valid, or has been used already';

/**
 * Saved searches (issue 19 item 2; contracts in `domain/contracts/saved-searches.ts`). The session
 * decides whose searches they are — no body names a user — and a search saved must be one of this
 * site's listings. The unsubscribe link's token is signed for its site and expiring, so it works
 * without signing in and only for the searches it names, on their own site. POSTs come from a page of
 * this site — but the one-click unsubscribe, which a mail provider sends (RFC 8058) — and are
 * rate-limited.
 */
export function savedSearchesRoutes(deps: ApiDeps, options: SavedSearchRouteOptions = {}): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  const limiter = options.limiter ?? limiterFor(deps, WATCHLIST_BUCKET, 'saved-searches');
  const unsubscribeLimiter = options.unsubscribeLimiter ?? limiterFor(deps, ACCOUNT_BUCKET, 'unsubscribe');
  // A mail provider posts one-click unsubscribes for all its users from a few addresses: they get the
  // analytics allowance, not one shopper's. The signed token is checked before any write.
  const oneClickLimiter =
    options.unsubscribeLimiter ?? limiterFor(deps, ANALYTICS_BUCKET, 'one-click-unsubscribe');
  // Saving with just an email sends mail to any address typed: a client gets the account emails'
  // allowance, and one address at most RECIPIENT_BUCKET confirmation emails (issue 37 item 9).
  const byEmailLimiter = options.unsubscribeLimiter ?? limiterFor(deps, ACCOUNT_BUCKET, 'saved-search-email');
  const recipientLimiter =
    options.recipientLimiter ?? limiterFor(deps, RECIPIENT_BUCKET, 'saved-search-recipient');
  const signedIn = signedInOnly(deps.db, now, SIGN_IN_MESSAGE);
  const userOf = (c: ApiContext) => {
    const user = c.get('user');
    if (!user) throw new Error('signedInOnly runs first');
    return user;
  };

  return apiRouter(
    serve(savedSearchesEndpoint, async (c) => {
      c.header('cache-control', 'no-store');
      const user = await currentUser(c, deps.db, now());
      if (!user) return { signed_in: false, searches: [] };
      return { signed_in: true, searches: await listSavedSearches(deps.db, user.id) };
    }),
    serve(
      saveSearchRequest,
      async (c, { body }) => {
        if (!isListingHref(body.href, c.get('site').search.path)) {
          return apiError(c, 400, 'not_a_listing', 'Only a search of this site’s cars can be saved');
        }
        const saved = await saveSearch(deps.db, userOf(c).id, body, {
          // Where the alert emails' links point: the site's configured origin (issue 31 item 9).
          origin: emailLinkOrigin(c),
          limit: SAVED_SEARCH_LIMIT,
        });
        if (!saved) {
          return apiError(
            c,
            409,
            'limit_reached',
            `You can save up to ${SAVED_SEARCH_LIMIT} searches: delete one to save another`,
          );
        }
        return { search: saved.search };
      },
      [rateLimit(limiter, 'saved-searches/save'), signedIn],
    ),
    serve(
      saveSearchByEmailRequest,
      async (c, { body: { email, draft } }) => {
        const site = c.get('site');
        if (!isListingHref(draft.href, site.search.path)) {
          return apiError(c, 400, 'not_a_listing', 'Only a search of this site’s cars can be saved');
        }
        // The same answer for every address — with an account or not, with saved searches or not, past
        // its emails' allowance or not (issue 37 item 9): only the inbox learns what happened.
        if ((await recipientLimiter.take(`${site.id} ${email}`)) === 0) {
          await createUser(deps.db, { siteId: site.id, email });
          const user = await findUserByEmail(deps.db, site.id, email);
          const { token, hash } = newConfirmToken();
          const origin = emailLinkOrigin(c);
          const stored =
            user !== null &&
            (await saveSearchByEmail(deps.db, user.id, draft, {
              origin,
              limit: SAVED_SEARCH_LIMIT,
              tokenHash: hash,
              now: now(),
            }));
          if (stored && deps.mail) {
            const mail = confirmSearchEmail({
              to: email,
              from: deps.mail.from,
              site,
              origin,
              token,
              searchName: draft.name,
            });
            await deps.mail.mailer.send(mail).catch((error: unknown) => {
              deps.logger?.error('Saved search confirmation not sent', { error: String(error) });
            });
          }
        }
        return { status: 'check_email' as const, email };
      },
      [rateLimit(byEmailLimiter, 'saved-searches/by-email')],
    ),
    serve(
      confirmSearchRequest,
      async (c, { body }) => {
        c.header('cache-control', 'no-store');
        const confirmed = await confirmSavedSearch(
          deps.db,
          c.get('site').id,
          confirmTokenHash(body.token),
          now(),
        );
        if (!confirmed.ok && confirmed.reason === 'expired') {
          return apiError(c, 410, 'expired_token', CONFIRM_EXPIRED_MESSAGE);
        }
        if (!confirmed.ok) return apiError(c, 400, 'invalid_token', CONFIRM_INVALID_MESSAGE);
        return { name: confirmed.search.name, href: confirmed.search.href };
      },
      [rateLimit(unsubscribeLimiter, 'saved-searches/confirm')],
    ),
    serve(
      setAlertFrequencyRequest,
      async (c, { body }) => {
        const search = await setAlertFrequency(deps.db, userOf(c).id, body.id, body.frequency);
        if (!search) return apiError(c, 404, 'saved_search_not_found', 'This saved search no longer exists');
        return { search };
      },
      [rateLimit(limiter, 'saved-searches/frequency'), signedIn],
    ),
    serve(
      deleteSavedSearchRequest,
      async (c, { body }) => {
        if (!(await deleteSavedSearch(deps.db, userOf(c).id, body.id))) {
          return apiError(c, 404, 'saved_search_not_found', 'This saved search no longer exists');
        }
        return { id: body.id };
      },
      [rateLimit(limiter, 'saved-searches/delete'), signedIn],
    ),
    serve(
      unsubscribeRequest,
      async (c, { body }) => {
        const stopped = await unsubscribeWith(c, body.token);
        if (stopped instanceof Response) return stopped;
        return { names: stopped.map((search) => search.name) };
      },
      [rateLimit(unsubscribeLimiter, 'saved-searches/unsubscribe')],
    ),
    serve(
      oneClickUnsubscribeRequest,
      async (c, { query }) => {
        // RFC 8058 §3.2: the provider's POST carries `List-Unsubscribe=One-Click`, form-encoded.
        const type = c.req.header('content-type') ?? '';
        if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
          return apiError(c, 415, 'unsupported_media_type', 'Send List-Unsubscribe=One-Click as a form');
        }
        const form = await c.req.parseBody().catch(() => null);
        if (form?.['List-Unsubscribe'] !== 'One-Click') {
          return apiError(c, 400, 'invalid_request', 'Send List-Unsubscribe=One-Click', {
            'List-Unsubscribe': 'Must be One-Click',
          });
        }
        const stopped = await unsubscribeWith(c, query.token);
        if (stopped instanceof Response) return stopped;
        return { unsubscribed: stopped.length };
      },
      [rateLimit(oneClickLimiter, 'saved-searches/one-click-unsubscribe')],
    ),
    serve(oneClickUnsubscribePageRequest, (c, { query }) =>
      c.redirect(`${UNSUBSCRIBE_PATH}?${new URLSearchParams({ token: query.token })}`, 303),
    ),
  );

  /**
   * The searches an unsubscribe token names, stopped — only this site's, the token being signed for
   * it (issue 31 item 20) — or the refusal to answer.
   */
  async function unsubscribeWith(c: ApiContext, token: string): Promise<SavedSearch[] | Response> {
    if (!deps.linkSecret) throw new Error('unsubscribe needs the link secret');
    const site = c.get('site');
    const read = readUnsubscribeToken(deps.linkSecret, site.id, token, now());
    if (!read.ok && read.reason === 'expired') {
      return apiError(
        c,
        410,
        'expired_token',
        'This link has expired: sign in to change your saved searches’ emails',
      );
    }
    if (!read.ok) return apiError(c, 400, 'invalid_token', 'This unsubscribe link is not valid');
    const stopped = await stopAlerts(deps.db, site.id, read.savedSearchIds);
    if (stopped.length === 0) {
      return apiError(c, 404, 'saved_search_not_found', 'This saved search no longer exists');
    }
    return stopped;
  }
}
