import {
  removeCarEndpoint,
  saveCarEndpoint,
  type saveCarRequest,
  type WatchlistAnswer,
  type WatchlistChangeAnswer,
  watchlistEndpoint,
} from '../../domain/contracts/watchlist.ts';
import type { WatchlistChange } from '../../domain/watchlist.ts';
import { ServiceError } from '../errors.ts';
import { call, type Http } from '../http.ts';

/** The shopper's watchlist, or `signed_in: false` (`GET /api/watchlist`). */
export function fetchWatchlist(http: Http): Promise<WatchlistAnswer> {
  return call(http, watchlistEndpoint);
}

async function change(
  http: Http,
  endpoint: typeof saveCarEndpoint | typeof removeCarEndpoint,
  body: WatchlistChange,
): Promise<WatchlistChangeAnswer> {
  const answer = await call<typeof endpoint, typeof saveCarRequest>(http, endpoint, { body });
  if (!answer.success) throw new ServiceError('http', 'Your watchlist could not be updated');
  return answer;
}

/** §7 Watchlist save: `POST /api/watchlist/save-car` with `{phone_number, car_id}`; throws unless success. */
export function saveCar(http: Http, body: WatchlistChange): Promise<WatchlistChangeAnswer> {
  return change(http, saveCarEndpoint, body);
}

/** §7 Watchlist remove: `POST /api/watchlist/remove-car` with `{phone_number, car_id}`; throws unless success. */
export function removeCar(http: Http, body: WatchlistChange): Promise<WatchlistChangeAnswer> {
  return change(http, removeCarEndpoint, body);
}
