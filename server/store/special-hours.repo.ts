import type { SpecialHours } from '../../domain/location.ts';
import type { Executor } from './db.ts';

/** A location's special day set in the console (migration 026). */
export interface StoredSpecialDay extends SpecialHours {
  site_id: number;
  location_id: number;
  label: string;
}

const COLUMNS = `site_id, location_id, to_char(day, 'YYYY-MM-DD') AS date, status, start_hour, end_hour, label`;

/** Every site's special days (the server keeps them, to lay over each site's config). */
export async function listAllSpecialDays(q: Executor): Promise<StoredSpecialDay[]> {
  const { rows } = await q.query<StoredSpecialDay>(
    `SELECT ${COLUMNS} FROM location_special_hours ORDER BY site_id, location_id, day`,
  );
  return rows;
}

/** A site's special days. */
export async function listSpecialDays(q: Executor, siteId: number): Promise<StoredSpecialDay[]> {
  const { rows } = await q.query<StoredSpecialDay>(
    `SELECT ${COLUMNS} FROM location_special_hours WHERE site_id = $1 ORDER BY location_id, day`,
    [siteId],
  );
  return rows;
}

/** Sets a location's special day, replacing the one it had on that date; answers what it replaced. */
export async function putSpecialDay(q: Executor, day: StoredSpecialDay): Promise<StoredSpecialDay | null> {
  const { rows: before } = await q.query<StoredSpecialDay>(
    `SELECT ${COLUMNS} FROM location_special_hours WHERE site_id = $1 AND location_id = $2 AND day = $3::date FOR UPDATE`,
    [day.site_id, day.location_id, day.date],
  );
  await q.query(
    `INSERT INTO location_special_hours (site_id, location_id, day, status, start_hour, end_hour, label)
     VALUES ($1, $2, $3::date, $4, $5, $6, $7)
     ON CONFLICT (site_id, location_id, day) DO UPDATE SET status = EXCLUDED.status,
       start_hour = EXCLUDED.start_hour, end_hour = EXCLUDED.end_hour, label = EXCLUDED.label, updated_at = now()`,
    [day.site_id, day.location_id, day.date, day.status, day.start_hour, day.end_hour, day.label],
  );
  return before[0] ?? null;
}

/** Removes a location's special day; answers it, or null when it had none that date. */
export async function deleteSpecialDay(
  q: Executor,
  key: { siteId: number; locationId: number; date: string },
): Promise<StoredSpecialDay | null> {
  const { rows } = await q.query<StoredSpecialDay>(
    `DELETE FROM location_special_hours WHERE site_id = $1 AND location_id = $2 AND day = $3::date
     RETURNING ${COLUMNS}`,
    [key.siteId, key.locationId, key.date],
  );
  return rows[0] ?? null;
}
