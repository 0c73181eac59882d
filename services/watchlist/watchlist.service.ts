import {
  type WatchlistAnswer,
  type WatchlistChange,
  type WatchlistChangeAnswer,
  watchlistAnswerSchema,
  watchlistChangeAnswerSchema,
} from '../../domain/watchlist.ts';
import { ServiceError } from '../errors.ts';
import type { Http } from '../http.ts';

/** The shopper's watchlist, or `signed_in: false` (`GET /api/watchlist`). */
export function fetchWatchlist(http: Http): Promise<WatchlistAnswer> {
  return http.get('/api/watchlist', watchlistAnswerSchema);
}

async function change(http: Http, path: string, body: WatchlistChange): Promise<WatchlistChangeAnswer> {
  const answer = await http.post(path, body, watchlistChangeAnswerSchema);
  if (!answer.success) throw new ServiceError('http', 'Your watchlist could not be updated');
  return answer;
}

/** §7 Watchlist save: `POST /api/watchlist/save-car` with `{phone_number, car_id}`; throws unless success. */
export function saveCar(http: Http, body: WatchlistChange): Promise<WatchlistChangeAnswer> {
  return change(http, '/api/watchlist/save-car', body);
}

/** §7 Watchlist remove: `POST /api/watchlist/remove-car` with `{phone_number, car_id}`; throws unless success. */
export function removeCar(http: Http, body: WatchlistChange): Promise<WatchlistChangeAnswer> {
  return change(http, '/api/watchlist/remove-car', body);
}
