import { type Context, Hono } from 'hono';
import { normalisePhone } from '../../domain/auth.ts';
import { watchlistChangeSchema } from '../../domain/watchlist.ts';
import type { AppEnv } from '../app.ts';
import { RateLimiter, rateLimit, WATCHLIST_BUCKET } from '../auth/rate-limit.ts';
import { readJsonBody } from '../auth/request.ts';
import { sameOriginOnly } from '../auth/same-origin.ts';
import { currentUser } from '../auth/session.ts';
import { getCarById } from '../store/cars.repo.ts';
import { addToWatchlist, listWatchlist, removeFromWatchlist } from '../store/watchlist.repo.ts';
import { apiError } from './api-error.ts';
import type { ApiDeps } from './routes.ts';

/** Options the tests set: the limiter (one per server by default). */
export interface WatchlistRouteOptions {
  limiter?: RateLimiter;
}

const dealershipIds = (c: Context<AppEnv>) => c.get('site').dealerships.map((d) => d.id);

/**
 * The watchlist (issue 6 items 2–3; spec §7 Watchlist save and remove): `GET /api/watchlist`, and
 * `POST /api/watchlist/save-car | remove-car` with `{ phone_number, car_id }`. The session decides
 * whose list it is — nothing in the body names a user — and the phone number must be the one that
 * user has on record. Save and remove are idempotent. A car that is not this site's (unknown, hidden,
 * or another dealer's) is 404. POSTs must come from a page of this site and are rate-limited.
 */
export function watchlistRoutes(deps: ApiDeps, options: WatchlistRouteOptions = {}): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  const limiter = options.limiter ?? new RateLimiter(WATCHLIST_BUCKET);

  const change = (kind: 'save' | 'remove') => async (c: Context<AppEnv>) => {
    const user = await currentUser(c, deps.db, now());
    if (!user) return apiError(c, 401, 'sign_in_required', 'Please sign in to use your watchlist');
    const body = await readJsonBody(c, watchlistChangeSchema);
    if (!body.ok) return body.response;
    if (!user.phone_number) {
      return apiError(c, 403, 'phone_required', 'Please add a phone number to use your watchlist');
    }
    if (normalisePhone(body.data.phone_number) !== user.phone_number) {
      return apiError(c, 403, 'phone_mismatch', 'This phone number is not on record for your account');
    }
    const car = await getCarById(deps.db, dealershipIds(c), body.data.car_id);
    if (!car?.show_on_dealer_website) return apiError(c, 404, 'car_not_found', 'Car not found');
    if (kind === 'save') await addToWatchlist(deps.db, user.id, car.id);
    else await removeFromWatchlist(deps.db, user.id, car.id);
    return c.json({ success: true, car_id: car.id });
  };

  return new Hono<AppEnv>()
    .get('/watchlist', async (c) => {
      c.header('cache-control', 'no-store');
      const user = await currentUser(c, deps.db, now());
      if (!user) return c.json({ signed_in: false, phone_number: null, cars: [] });
      const cars = user.phone_number ? await listWatchlist(deps.db, user.id, dealershipIds(c)) : [];
      return c.json({ signed_in: true, phone_number: user.phone_number, cars });
    })
    .post('/watchlist/save-car', sameOriginOnly(), rateLimit(limiter, 'watchlist/save-car'), change('save'))
    .post(
      '/watchlist/remove-car',
      sameOriginOnly(),
      rateLimit(limiter, 'watchlist/remove-car'),
      change('remove'),
    );
}
