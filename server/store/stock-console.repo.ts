import type { Car } from '../../domain/car.ts';
import type {
  FeedSettings,
  StockFeed,
  StockFormat,
  StockReport,
  StockRun,
} from '../../domain/contracts/console-stock.ts';
import type { CsvMapping } from '../../domain/stock-csv.ts';
import type { Executor } from './db.ts';

/** The dealer's saved CSV column mapping, or null before the first is saved. */
export async function getCsvMapping(q: Executor, siteId: number): Promise<CsvMapping | null> {
  const { rows } = await q.query<{ mapping: CsvMapping }>(
    'SELECT mapping FROM stock_csv_mappings WHERE site_id = $1',
    [siteId],
  );
  return rows[0]?.mapping ?? null;
}

/** Saves the dealer's CSV column mapping (replacing the one before). */
export async function saveCsvMapping(q: Executor, siteId: number, mapping: CsvMapping): Promise<void> {
  await q.query(
    `INSERT INTO stock_csv_mappings (site_id, mapping) VALUES ($1, $2::jsonb)
     ON CONFLICT (site_id) DO UPDATE SET mapping = EXCLUDED.mapping, updated_at = now()`,
    [siteId, JSON.stringify(mapping)],
  );
}

type FeedRow = FeedSettings & { site_id: number; next_run_at: Date | string | null };

const feedOf = (row: FeedRow): StockFeed => ({
  url: row.url,
  format: row.format,
  every_minutes: row.every_minutes,
  enabled: row.enabled,
  replace: row.replace,
  next_run_at: row.next_run_at === null ? null : new Date(row.next_run_at).toISOString(),
});

/** The dealer's feed, or null when none is set. */
export async function getStockFeed(q: Executor, siteId: number): Promise<StockFeed | null> {
  const { rows } = await q.query<FeedRow>('SELECT * FROM stock_feeds WHERE site_id = $1', [siteId]);
  return rows[0] ? feedOf(rows[0]) : null;
}

/** Saves the dealer's feed; `nextRunAt` is when it is pulled next (null: never, while disabled). */
export async function saveStockFeed(
  q: Executor,
  siteId: number,
  settings: FeedSettings,
  nextRunAt: Date | null,
): Promise<StockFeed> {
  const { rows } = await q.query<FeedRow>(
    `INSERT INTO stock_feeds (site_id, url, format, every_minutes, enabled, replace, next_run_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz)
     ON CONFLICT (site_id) DO UPDATE SET url = EXCLUDED.url, format = EXCLUDED.format,
       every_minutes = EXCLUDED.every_minutes, enabled = EXCLUDED.enabled, replace = EXCLUDED.replace,
       next_run_at = EXCLUDED.next_run_at, updated_at = now()
     RETURNING *`,
    [
      siteId,
      settings.url,
      settings.format,
      settings.every_minutes,
      settings.enabled,
      settings.replace,
      nextRunAt?.toISOString() ?? null,
    ],
  );
  return feedOf(rows[0] as FeedRow);
}

/**
 * Takes the feeds due at `now` (enabled, next pull at or before it) and moves each one's next pull
 * `every_minutes` on, in one statement: a feed is taken by one process however many serve.
 */
export async function takeDueFeeds(q: Executor, now: Date): Promise<(StockFeed & { site_id: number })[]> {
  const { rows } = await q.query<FeedRow>(
    `UPDATE stock_feeds SET next_run_at = $1::timestamptz + make_interval(mins => every_minutes)
     WHERE enabled AND next_run_at IS NOT NULL AND next_run_at <= $1::timestamptz
     RETURNING *`,
    [now.toISOString()],
  );
  return rows.map((row) => ({ ...feedOf(row), site_id: row.site_id }));
}

/** What one run stores. */
export interface RunInsert {
  siteId: number;
  source: StockRun['source'];
  format: StockFormat;
  staffId: number | null;
  report: StockReport | null;
  error: string | null;
  at?: Date;
}

/** Stores one run and answers its id. */
export async function insertStockRun(q: Executor, run: RunInsert): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO stock_runs (site_id, source, format, staff_id, ok, report, error, at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, COALESCE($8::timestamptz, now())) RETURNING id`,
    [
      run.siteId,
      run.source,
      run.format,
      run.staffId,
      run.error === null,
      run.report ? JSON.stringify(run.report) : null,
      run.error,
      run.at?.toISOString() ?? null,
    ],
  );
  return (rows[0] as { id: number }).id;
}

type RunRow = {
  id: number;
  source: StockRun['source'];
  format: StockFormat;
  at: Date | string;
  staff_name: string | null;
  ok: boolean;
  report: StockReport | null;
  error: string | null;
};

const runOf = (row: RunRow): StockRun => ({ ...row, at: new Date(row.at).toISOString() });

const RUN_SELECT = `SELECT r.id, r.source, r.format, r.at, m.name AS staff_name, r.ok, r.report, r.error
  FROM stock_runs r LEFT JOIN staff_members m ON m.id = r.staff_id`;

/** The dealer's last runs, newest first. */
export async function listStockRuns(q: Executor, siteId: number, limit = 10): Promise<StockRun[]> {
  const { rows } = await q.query<RunRow>(`${RUN_SELECT} WHERE r.site_id = $1 ORDER BY r.id DESC LIMIT $2`, [
    siteId,
    limit,
  ]);
  return rows.map(runOf);
}

/** One run. */
export async function getStockRun(q: Executor, id: number): Promise<StockRun | null> {
  const { rows } = await q.query<RunRow>(`${RUN_SELECT} WHERE r.id = $1`, [id]);
  return rows[0] ? runOf(rows[0]) : null;
}

/** The ids of the given dealerships' cars a manager hid in the console. */
export async function consoleHiddenCarIds(
  q: Executor,
  dealershipIds: readonly number[],
): Promise<Set<number>> {
  const { rows } = await q.query<{ id: number }>(
    'SELECT id FROM cars WHERE console_hidden AND dealership_id = ANY($1::int[])',
    [dealershipIds],
  );
  return new Set(rows.map((row) => row.id));
}

/** Marks a car hidden (or shown) in the console. */
export async function setConsoleHidden(q: Executor, carId: number, hidden: boolean): Promise<void> {
  await q.query('UPDATE cars SET console_hidden = $2 WHERE id = $1', [carId, hidden]);
}

/** One of a dealer's cars with its console flag. */
export interface ConsoleCar {
  car: Car;
  hidden: boolean;
}

/** One of the given dealerships' cars by id, with its console flag, or null. */
export async function getConsoleCar(
  q: Executor,
  dealershipIds: readonly number[],
  id: number,
): Promise<ConsoleCar | null> {
  const { rows } = await q.query<{ data: Car; console_hidden: boolean }>(
    'SELECT data, console_hidden FROM cars WHERE id = $1 AND dealership_id = ANY($2::int[])',
    [id, dealershipIds],
  );
  const row = rows[0];
  return row ? { car: row.data, hidden: row.console_hidden } : null;
}

/**
 * The given dealerships' cars matching `search` (in name, stock number, VIN or rego; all when empty),
 * newest first, at most `limit`, and how many match.
 */
export async function searchConsoleCars(
  q: Executor,
  dealershipIds: readonly number[],
  search: string,
  limit: number,
): Promise<{ cars: ConsoleCar[]; total: number }> {
  const pattern = search.trim() === '' ? null : `%${search.trim().replace(/[\\%_]/g, '\\$&')}%`;
  const where = `dealership_id = ANY($1::int[]) AND ($2::text IS NULL OR data->>'name' ILIKE $2
    OR stocknum ILIKE $2 OR vin ILIKE $2 OR data->>'regplate' ILIKE $2)`;
  const { rows } = await q.query<{ data: Car; console_hidden: boolean }>(
    `SELECT data, console_hidden FROM cars WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3`,
    [dealershipIds, pattern, limit],
  );
  const count = await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM cars WHERE ${where}`, [
    dealershipIds,
    pattern,
  ]);
  return {
    cars: rows.map((row) => ({ car: row.data, hidden: row.console_hidden })),
    total: count.rows[0]?.total ?? 0,
  };
}

/** A car's photo fields as its feed gave them (migration 020's entries), or null when it named no remote photo. */
export async function feedPhotoFields(
  q: Executor,
  carId: number,
): Promise<Pick<Car, 'images' | 'thumbnails' | 'primary_image_url'> | null> {
  const { rows } = await q.query<{ field: 'primary' | 'image'; position: number; url: string }>(
    'SELECT field, position, url FROM car_photos WHERE car_id = $1 ORDER BY field, position',
    [carId],
  );
  if (rows.length === 0) return null;
  return {
    images: rows.filter((row) => row.field === 'image').map((row) => row.url),
    thumbnails: [],
    primary_image_url: rows.find((row) => row.field === 'primary')?.url ?? null,
  };
}
