import type { Hono } from 'hono';
import {
  deleteSavedSearchRequest,
  savedSearchesEndpoint,
  saveSearchRequest,
  setAlertFrequencyRequest,
  unsubscribeRequest,
} from '../../domain/contracts/saved-searches.ts';
import { SAVED_SEARCH_LIMIT } from '../../domain/saved-search.ts';
import { isListingHref } from '../../domain/saved-search-link.ts';
import { readUnsubscribeToken } from '../alerts/unsubscribe-token.ts';
import type { AppEnv } from '../app-env.ts';
import { ACCOUNT_BUCKET, type Limiter, limiterFor, rateLimit, WATCHLIST_BUCKET } from '../auth/rate-limit.ts';
import { currentUser, signedInOnly } from '../auth/session.ts';
import {
  deleteSavedSearch,
  listSavedSearches,
  saveSearch,
  setAlertFrequency,
} from '../store/saved-searches.repo.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { siteOrigin } from './cars.routes.ts';
import { type ApiContext, apiRouter, serve } from './serve.ts';

/** Options the tests set: the limiters (one per server by default). */
export interface SavedSearchRouteOptions {
  limiter?: Limiter;
  unsubscribeLimiter?: Limiter;
}

const SIGN_IN_MESSAGE = 'Please sign in to save searches';

/**
 * Saved searches (issue 19 item 2; contracts in `domain/contracts/saved-searches.ts`). The session
 * decides whose searches they are — no body names a user — and a search saved must be one of this
 * site's listings. The unsubscribe link's token is signed and expiring, so it works without signing
 * in and only for the search it names. POSTs come from a page of this site and are rate-limited.
 */
export function savedSearchesRoutes(deps: ApiDeps, options: SavedSearchRouteOptions = {}): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  const limiter = options.limiter ?? limiterFor(deps, WATCHLIST_BUCKET, 'saved-searches');
  const unsubscribeLimiter = options.unsubscribeLimiter ?? limiterFor(deps, ACCOUNT_BUCKET, 'unsubscribe');
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
          origin: siteOrigin(c),
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
        if (!deps.linkSecret) throw new Error('unsubscribe needs the link secret');
        const token = readUnsubscribeToken(deps.linkSecret, body.token, now());
        if (!token.ok && token.reason === 'expired') {
          return apiError(
            c,
            410,
            'expired_token',
            'This link has expired: sign in to change your saved searches’ emails',
          );
        }
        if (!token.ok) return apiError(c, 400, 'invalid_token', 'This unsubscribe link is not valid');
        const search = await setAlertFrequency(deps.db, null, token.savedSearchId, 'off');
        if (!search) return apiError(c, 404, 'saved_search_not_found', 'This saved search no longer exists');
        return { name: search.name };
      },
      [rateLimit(unsubscribeLimiter, 'saved-searches/unsubscribe')],
    ),
  );
}
