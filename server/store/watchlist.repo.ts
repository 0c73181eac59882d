import type { Car } from '../../domain/car.ts';
import { showsSoldNotice } from '../../domain/car-availability.ts';
import type { WatchlistCar } from '../../domain/watchlist.ts';
import type { Executor } from './db.ts';

/** Adds a car to a user's watchlist; saving it again changes nothing. */
export async function addToWatchlist(q: Executor, userId: number, carId: number): Promise<void> {
  await q.query(
    'INSERT INTO watchlist_entries (user_id, car_id) VALUES ($1, $2) ON CONFLICT (user_id, car_id) DO NOTHING',
    [userId, carId],
  );
}

/** Removes a car from a user's watchlist; removing it again changes nothing. */
export async function removeFromWatchlist(q: Executor, userId: number, carId: number): Promise<void> {
  await q.query('DELETE FROM watchlist_entries WHERE user_id = $1 AND car_id = $2', [userId, carId]);
}

function isoOf(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/**
 * A user's saved cars among the given dealerships (one site's) that the site still shows, newest
 * first; sold ones are marked.
 */
export async function listWatchlist(
  q: Executor,
  userId: number,
  dealershipIds: readonly number[],
): Promise<WatchlistCar[]> {
  const { rows } = await q.query<{ data: Car; saved_at: Date | string }>(
    `SELECT c.data, w.created_at AS saved_at FROM watchlist_entries w JOIN cars c ON c.id = w.car_id
     WHERE w.user_id = $1 AND c.dealership_id = ANY($2::int[]) AND c.show_on_dealer_website
     ORDER BY w.created_at DESC, c.id`,
    [userId, dealershipIds],
  );
  return rows.map(({ data: car, saved_at }) => ({
    id: car.id,
    slug: car.slug,
    name: car.name,
    price: car.price,
    status: car.status,
    sold: showsSoldNotice(car),
    primary_image_url: car.primary_image_url ?? car.images[0] ?? null,
    saved_at: isoOf(saved_at),
  }));
}
