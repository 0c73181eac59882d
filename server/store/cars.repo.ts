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
      await tx.query(
        `INSERT INTO cars (${COLUMNS}) SELECT ${FROM_JSON} FROM jsonb_array_elements($1::jsonb) AS e
         ON CONFLICT (id) DO UPDATE SET ${UPDATE_SET}`,
        [JSON.stringify(cars.slice(start, start + BATCH))],
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
    const counts = await upsertCars(tx, cars);
    return { ...counts, removed: rows.length };
  });
}

/** Deletes every car (the seed's reset). */
export async function deleteAllCars(q: Executor): Promise<void> {
  await q.query('DELETE FROM cars');
}
