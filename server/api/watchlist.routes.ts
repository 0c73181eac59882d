import type { Hono } from 'hono';
import { normalisePhone } from '../../domain/auth.ts';
import type { ParsedRequest } from '../../domain/contracts/endpoint.ts';
import { removeCarRequest, saveCarRequest, watchlistEndpoint } from '../../domain/contracts/watchlist.ts';
import type { AppEnv } from '../app-env.ts';
import { type Limiter, limiterFor, rateLimit, WATCHLIST_BUCKET } from '../auth/rate-limit.ts';
import { currentUser, signedInOnly } from '../auth/session.ts';
import { getCarById } from '../store/cars.repo.ts';
import { addToWatchlist, listWatchlist, removeFromWatchlist } from '../store/watchlist.repo.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { type ApiContext, apiRouter, serve } from './serve.ts';

/** Options the tests set: the limiter (one per server by default). */
export interface WatchlistRouteOptions {
  limiter?: Limiter;
}

const dealershipIds = (c: ApiContext) => c.get('site').dealerships.map((d) => d.id);

/**
 * The watchlist (issue 6 items 2–3; spec §7 Watchlist save and remove; contracts in
 * `domain/contracts/watchlist.ts`). The session decides whose list it is — nothing in the body names
 * a user — and the phone number must be the one that user has on record. Save and remove are
 * idempotent. A car that is not this site's (unknown, hidden, or another dealer's) is 404. POSTs must
 * come from a page of this site and are rate-limited.
 */
export function watchlistRoutes(deps: ApiDeps, options: WatchlistRouteOptions = {}): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  const limiter = options.limiter ?? limiterFor(deps, WATCHLIST_BUCKET, 'watchlist');
  const signedIn = signedInOnly(deps.db, now, 'Please sign in to use your watchlist');

  const change =
    (kind: 'save' | 'remove') =>
    async (c: ApiContext, { body }: Pick<ParsedRequest<typeof saveCarRequest>, 'body'>) => {
      const user = c.get('user');
      if (!user) return apiError(c, 401, 'sign_in_required', 'Please sign in to use your watchlist');
      if (!user.phone_number) {
        return apiError(c, 403, 'phone_required', 'Please add a phone number to use your watchlist');
      }
      if (normalisePhone(body.phone_number) !== user.phone_number) {
        return apiError(c, 403, 'phone_mismatch', 'This phone number is not on record for your account');
      }
      const car = await getCarById(deps.db, dealershipIds(c), body.car_id);
      if (!car?.show_on_dealer_website) return apiError(c, 404, 'car_not_found', 'Car not found');
      if (kind === 'save') await addToWatchlist(deps.db, user.id, car.id);
      else await removeFromWatchlist(deps.db, user.id, car.id);
      return { success: true, car_id: car.id };
    };

  return apiRouter(
    serve(watchlistEndpoint, async (c) => {
      c.header('cache-control', 'no-store');
      const user = await currentUser(c, deps.db, now());
      if (!user) return { signed_in: false, phone_number: null, cars: [] };
      const cars = user.phone_number ? await listWatchlist(deps.db, user.id, dealershipIds(c)) : [];
      return { signed_in: true, phone_number: user.phone_number, cars };
    }),
    serve(saveCarRequest, change('save'), [rateLimit(limiter, 'watchlist/save-car'), signedIn]),
    serve(removeCarRequest, change('remove'), [rateLimit(limiter, 'watchlist/remove-car'), signedIn]),
  );
}
