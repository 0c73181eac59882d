import type { Car, CarStatus } from '../../domain/car.ts';
import type { Executor } from './db.ts';

/** Counts of a bulk write. */
export interface UpsertCounts {
  inserted: number;
  updated: number;
}

/** Counts of a stock replacement. */
export interface ReplaceCounts extends UpsertCounts {
  removed: number;
}

/** Filters for {@link listCars}. */
export interface ListCarsOptions {
  statuses?: readonly CarStatus[];
  limit?: number;
  offset?: number;
}

const BATCH = 400;

const COLUMNS = `id, dealership_id, slug, vehicle_kind, car_type, status, make, model, badge, year, price, km,
  body, fuel, transmission, drive, colour, city, state, tag, stocknum, vin, reserved, certified,
  show_on_dealer_website, created_at, sold_at, data, updated_at`;

const FROM_JSON = `(e->>'id')::int, (e->>'dealership_id')::int, e->>'slug', e->>'vehicle_kind', e->>'car_type',
  e->>'status', e->>'make', e->>'model', e->>'badge', (e->>'year')::int, (e->>'price')::float8,
  (e->>'km')::int, e->>'simple_body', e->>'simple_fuel', e->>'simple_transmission', e->>'drive',
  e->>'colour', e->>'city', e->>'state', e->>'tag', e->>'stocknum', e->>'vin', (e->>'reserved')::boolean,
  (e->>'certified')::boolean, (e->>'show_on_dealer_website')::boolean, (e->>'created_at')::timestamptz,
  (e->>'sold_at')::timestamptz, e, now()`;

/**
 * A car's asking price in SQL, from its JSON (`e`, or a stored row's `data`): the offer price when it
 * is above 10 (§4 Price display priority), else the price — what the shopper is asked to pay.
 */
const askingPrice = (json: string) =>
  `CASE WHEN (${json}->>'offer_price')::float8 > 10 THEN (${json}->>'offer_price')::float8 ELSE (${json}->>'price')::float8 END`;

const UPDATE_SET = COLUMNS.split(',')
  .map((column) => column.trim())
  .filter((column) => column !== 'id')
  .map((column) => `${column} = EXCLUDED.${column}`)
  .join(', ');

/** Cars of the given dealerships, newest first. */
export async function listCars(
  q: Executor,
  dealershipIds: readonly number[],
  options: ListCarsOptions = {},
): Promise<Car[]> {
  const params: unknown[] = [dealershipIds];
  let where = 'dealership_id = ANY($1::int[])';
  if (options.statuses) {
    params.push(options.statuses);
    where += ` AND status = ANY($${params.length}::text[])`;
  }
  params.push(options.limit ?? null, options.offset ?? 0);
  const { rows } = await q.query<{ data: Car }>(
    `SELECT data FROM cars WHERE ${where} ORDER BY created_at DESC, id
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows.map((row) => row.data);
}

/** Every car in the store, by id (the search index is built from this). */
export async function listAllCars(q: Executor): Promise<Car[]> {
  const { rows } = await q.query<{ data: Car }>('SELECT data FROM cars ORDER BY id');
  return rows.map((row) => row.data);
}

/** The car with `slug` among the given dealerships (one tenant's), or null. */
export async function getCarBySlug(
  q: Executor,
  dealershipIds: readonly number[],
  slug: string,
): Promise<Car | null> {
  const { rows } = await q.query<{ data: Car }>(
    'SELECT data FROM cars WHERE slug = $1 AND dealership_id = ANY($2::int[]) ORDER BY id LIMIT 1',
    [slug, dealershipIds],
  );
  return rows[0]?.data ?? null;
}

/** The car with `id` among the given dealerships, or null. */
export async function getCarById(
  q: Executor,
  dealershipIds: readonly number[],
  id: number,
): Promise<Car | null> {
  const { rows } = await q.query<{ data: Car }>(
    'SELECT data FROM cars WHERE id = $1 AND dealership_id = ANY($2::int[])',
    [id, dealershipIds],
  );
  return rows[0]?.data ?? null;
}

/** Number of cars, per dealership id. */
export async function countCarsByDealership(q: Executor): Promise<Map<number, number>> {
  const { rows } = await q.query<{ dealership_id: number; count: number }>(
    'SELECT dealership_id, count(*)::int AS count FROM cars GROUP BY dealership_id',
  );
  return new Map(rows.map((row) => [row.dealership_id, row.count]));
}

/** Number of cars in the store. */
export async function countCars(q: Executor): Promise<number> {
  const { rows } = await q.query<{ count: number }>('SELECT count(*)::int AS count FROM cars');
  return rows[0]?.count ?? 0;
}

/** Which existing cars have these ids, and the dealership each belongs to. */
export async function findCarOwners(q: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await q.query<{ id: number; dealership_id: number }>(
    'SELECT id, dealership_id FROM cars WHERE id = ANY($1::int[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.dealership_id]));
}

/** Ids and slugs of the given dealerships' cars. */
export async function listCarKeys(
  q: Executor,
  dealershipIds: readonly number[],
): Promise<{ id: number; slug: string; dealership_id: number }[]> {
  const { rows } = await q.query<{ id: number; slug: string; dealership_id: number }>(
    'SELECT id, slug, dealership_id FROM cars WHERE dealership_id = ANY($1::int[])',
    [dealershipIds],
  );
  return rows;
}

/** Inserts or updates validated cars by id, all in one transaction. */
export function upsertCars(q: Executor, cars: readonly Car[]): Promise<UpsertCounts> {
  return q.transaction(async (tx) => {
    const existing = await findCarOwners(
      tx,
      cars.map((car) => car.id),
    );
    for (let start = 0; start < cars.length; start += BATCH) {
      const batch = JSON.stringify(cars.slice(start, start + BATCH));
      // The price history first, against the prices stored before this write.
      await tx.query(
        `INSERT INTO car_prices (car_id, price)
         SELECT DISTINCT ON ((e->>'id')::int) (e->>'id')::int, ${askingPrice('e')}
         FROM jsonb_array_elements($1::jsonb) AS e LEFT JOIN cars c ON c.id = (e->>'id')::int
         WHERE c.id IS NULL OR ${askingPrice('c.data')} IS DISTINCT FROM ${askingPrice('e')}`,
        [batch],
      );
      await tx.query(
        `INSERT INTO cars (${COLUMNS}) SELECT ${FROM_JSON} FROM jsonb_array_elements($1::jsonb) AS e
         ON CONFLICT (id) DO UPDATE SET ${UPDATE_SET}`,
        [batch],
      );
    }
    const updated = new Set(cars.filter((car) => existing.has(car.id)).map((car) => car.id)).size;
    return { inserted: new Set(cars.map((car) => car.id)).size - updated, updated };
  });
}

/** Makes `cars` the whole stock of the given dealerships: upserts them and deletes the rest. */
export function replaceDealerStock(
  q: Executor,
  dealershipIds: readonly number[],
  cars: readonly Car[],
): Promise<ReplaceCounts> {
  return q.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      'DELETE FROM cars WHERE dealership_id = ANY($1::int[]) AND NOT (id = ANY($2::int[])) RETURNING id',
      [dealershipIds, cars.map((car) => car.id)],
    );
    await tx.query('DELETE FROM car_prices WHERE car_id = ANY($1::int[])', [rows.map((row) => row.id)]);
    const counts = await upsertCars(tx, cars);
    return { ...counts, removed: rows.length };
  });
}

/** Deletes every car (the seed's reset). */
export async function deleteAllCars(q: Executor): Promise<void> {
  await q.query('DELETE FROM cars');
  await q.query('DELETE FROM car_prices');
}

/** One asking price of a car, from the day it took effect. */
export interface PricePoint {
  price: number;
  /** ISO date-time. */
  at: string;
}

/** A car's asking prices, oldest first (issue 19 item 3). */
export async function listCarPrices(q: Executor, carId: number): Promise<PricePoint[]> {
  const { rows } = await q.query<{ price: number; at: Date | string }>(
    'SELECT price, at FROM car_prices WHERE car_id = $1 ORDER BY at, id',
    [carId],
  );
  return rows.map((row) => ({ price: Number(row.price), at: new Date(row.at).toISOString() }));
}

/** Replaces the history of the cars named in `points` with those prices (the seed's back-dated history). */
export async function replaceCarPrices(
  q: Executor,
  points: readonly { car_id: number; price: number; at: string }[],
): Promise<void> {
  if (points.length === 0) return;
  await q.query('DELETE FROM car_prices WHERE car_id = ANY($1::int[])', [
    [...new Set(points.map((p) => p.car_id))],
  ]);
  await q.query(
    `INSERT INTO car_prices (car_id, price, at)
     SELECT (p->>'car_id')::int, (p->>'price')::float8, (p->>'at')::timestamptz FROM jsonb_array_elements($1::jsonb) AS p`,
    [JSON.stringify(points)],
  );
}

/**
 * The cars whose last asking-price change was a drop: when it took effect and by how much. A car
 * whose price went down and then up again has none.
 */
export async function lastPriceDrops(
  q: Executor,
  carIds?: readonly number[],
): Promise<Map<number, { at: string; amount: number }>> {
  const { rows } = await q.query<{ car_id: number; at: Date | string; amount: number }>(
    `SELECT car_id, at, previous - price AS amount FROM (
       SELECT DISTINCT ON (car_id) car_id, price, at, previous FROM (
         SELECT car_id, price, at, id, lag(price) OVER (PARTITION BY car_id ORDER BY at, id) AS previous
         FROM car_prices WHERE $1::int[] IS NULL OR car_id = ANY($1::int[])
       ) AS changes WHERE previous IS NOT NULL ORDER BY car_id, at DESC, id DESC
     ) AS last_changes WHERE price < previous`,
    [carIds ? [...carIds] : null],
  );
  return new Map(
    rows.map((row) => [row.car_id, { at: new Date(row.at).toISOString(), amount: Number(row.amount) }]),
  );
}

/**
 * The makes and models a site's website shows for sale (not sold), by make then model: what a
 * general test drive offers to drive (issue 37 item 8). At most `limit` pairs.
 */
export async function listStockModels(
  q: Executor,
  dealershipIds: readonly number[],
  limit = 300,
): Promise<{ make: string; model: string }[]> {
  const { rows } = await q.query<{ make: string; model: string }>(
    `SELECT DISTINCT make, model FROM cars
     WHERE dealership_id = ANY($1::int[]) AND show_on_dealer_website AND status <> 'sold'
       AND COALESCE((data->>'sold')::boolean, false) = false
       AND COALESCE(make, '') <> '' AND COALESCE(model, '') <> ''
     ORDER BY make, model LIMIT $2`,
    [dealershipIds, limit],
  );
  return rows.map((row) => ({ make: row.make, model: row.model }));
}
