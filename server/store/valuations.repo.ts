import type { VehicleRecord } from '../../domain/trade-in.ts';
import type { Executor } from './db.ts';

/** A stored valuation. */
export interface StoredValuation {
  site_id: number;
  eval_id: string;
  rego: string | null;
  state: string | null;
  record: VehicleRecord;
  km: number | null;
}

/** Keeps (or refreshes) a site's valuation under its EvalID. */
export async function saveValuation(
  db: Executor,
  valuation: {
    siteId: number;
    evalId: string;
    rego?: string | null;
    state?: string | null;
    record: VehicleRecord;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO valuations (site_id, eval_id, rego, state, record) VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (site_id, eval_id) DO UPDATE
       SET record = valuations.record || EXCLUDED.record,
           rego = COALESCE(EXCLUDED.rego, valuations.rego),
           state = COALESCE(EXCLUDED.state, valuations.state),
           updated_at = now()`,
    [
      valuation.siteId,
      valuation.evalId,
      valuation.rego ?? null,
      valuation.state ?? null,
      JSON.stringify(valuation.record),
    ],
  );
}

/** A site's valuation by EvalID, or null (another site's is not found). */
export async function findValuation(
  db: Executor,
  siteId: number,
  evalId: string,
): Promise<StoredValuation | null> {
  const { rows } = await db.query<StoredValuation>(
    'SELECT site_id, eval_id, rego, state, record, km FROM valuations WHERE site_id = $1 AND eval_id = $2',
    [siteId, evalId],
  );
  return rows[0] ?? null;
}

/** Records the customer's kilometres and the provider's updated record. */
export async function updateValuation(
  db: Executor,
  siteId: number,
  evalId: string,
  km: number,
  record: VehicleRecord,
): Promise<StoredValuation | null> {
  const { rows } = await db.query<StoredValuation>(
    `UPDATE valuations SET km = $3, record = record || $4::jsonb, updated_at = now()
      WHERE site_id = $1 AND eval_id = $2
      RETURNING site_id, eval_id, rego, state, record, km`,
    [siteId, evalId, km, JSON.stringify(record)],
  );
  return rows[0] ?? null;
}

/** A valuation photos are added to: its row id, and how many photos it has. */
export interface PhotoTarget {
  id: number;
  images: number;
}

/** A site's valuation by EvalID with its photo count, or null (another site's is not found). */
export async function findPhotoTarget(
  db: Executor,
  siteId: number,
  evalId: string,
): Promise<PhotoTarget | null> {
  const { rows } = await db.query<{ id: number; images: number | string }>(
    `SELECT v.id, (SELECT count(*) FROM valuation_images i WHERE i.valuation_id = v.id) AS images
       FROM valuations v WHERE v.site_id = $1 AND v.eval_id = $2`,
    [siteId, evalId],
  );
  const row = rows[0];
  return row ? { id: row.id, images: Number(row.images) } : null;
}

/** A stored photo as its row describes it: where it is in the media storage and what it is. */
export interface ValuationImage {
  id: number;
  storage_key: string;
  kind: string;
  content_type: string;
  size: number;
  sha256: string;
}

/** What adding a photo found: added (with how many the valuation has now), full, or no such valuation. */
export type ImageStored =
  | { kind: 'stored'; imageId: number; count: number }
  | { kind: 'full' }
  | { kind: 'notFound' };

/**
 * Records a photo already in the media storage with a site's valuation, unless it has `max` already
 * (counted under the valuation's row lock, so parallel uploads cannot pass it).
 */
export async function addValuationImage(
  db: Executor,
  siteId: number,
  valuationId: number,
  image: Omit<ValuationImage, 'id'>,
  max: number,
): Promise<ImageStored> {
  return db.transaction(async (tx) => {
    const found = await tx.query<{ id: number }>(
      'SELECT id FROM valuations WHERE id = $1 AND site_id = $2 FOR UPDATE',
      [valuationId, siteId],
    );
    if (!found.rows[0]) return { kind: 'notFound' };
    const counted = await tx.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM valuation_images WHERE valuation_id = $1',
      [valuationId],
    );
    const count = Number(counted.rows[0]?.n ?? 0);
    if (count >= max) return { kind: 'full' };
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO valuation_images (valuation_id, storage_key, kind, content_type, size, sha256)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [valuationId, image.storage_key, image.kind, image.content_type, image.size, image.sha256],
    );
    return { kind: 'stored', imageId: inserted.rows[0]?.id ?? 0, count: count + 1 };
  });
}

/** A valuation's photos, oldest first, as their rows describe them (the bytes are in the media storage). */
export async function valuationImages(
  db: Executor,
  siteId: number,
  evalId: string,
): Promise<ValuationImage[]> {
  const { rows } = await db.query<ValuationImage>(
    `SELECT i.id, i.storage_key, i.kind, i.content_type, i.size, i.sha256
       FROM valuation_images i JOIN valuations v ON v.id = i.valuation_id
      WHERE v.site_id = $1 AND v.eval_id = $2 AND i.storage_key IS NOT NULL ORDER BY i.id`,
    [siteId, evalId],
  );
  return rows;
}

/** One photo of one of a site's valuations, by its id, or null (another site's is not found). */
export async function findValuationImage(
  db: Executor,
  siteId: number,
  imageId: number,
): Promise<ValuationImage | null> {
  const { rows } = await db.query<ValuationImage>(
    `SELECT i.id, i.storage_key, i.kind, i.content_type, i.size, i.sha256
       FROM valuation_images i JOIN valuations v ON v.id = i.valuation_id
      WHERE v.site_id = $1 AND i.id = $2 AND i.storage_key IS NOT NULL`,
    [siteId, imageId],
  );
  return rows[0] ?? null;
}

/** A photo stored in the row store before the media storage (migration 015), with its valuation's site. */
export interface RowStoredImage {
  id: number;
  valuation_id: number;
  site_id: number;
  content_type: string;
  bytes: Uint8Array;
}

/** Up to `limit` photos whose bytes are still in the row store, oldest first. */
export async function rowStoredImages(db: Executor, limit: number): Promise<RowStoredImage[]> {
  const { rows } = await db.query<RowStoredImage>(
    `SELECT i.id, i.valuation_id, v.site_id, i.content_type, i.bytes
       FROM valuation_images i JOIN valuations v ON v.id = i.valuation_id
      WHERE i.bytes IS NOT NULL ORDER BY i.id LIMIT $1`,
    [limit],
  );
  return rows;
}

/** Records that a row-stored photo now lives in the media storage, and drops its bytes from the row. */
export async function markImageMoved(
  db: Executor,
  id: number,
  image: Omit<ValuationImage, 'id' | 'content_type'>,
): Promise<void> {
  await db.query(
    `UPDATE valuation_images SET storage_key = $2, kind = $3, size = $4, sha256 = $5, bytes = NULL
      WHERE id = $1 AND bytes IS NOT NULL`,
    [id, image.storage_key, image.kind, image.size, image.sha256],
  );
}

/** Keeps a record in the site's records (§7 "Valuation save": `column_name` valuation). */
export async function saveSiteRecord(
  db: Executor,
  siteId: number,
  columnName: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await db.query('INSERT INTO site_records (site_id, column_name, payload) VALUES ($1, $2, $3::jsonb)', [
    siteId,
    columnName,
    JSON.stringify(payload),
  ]);
}
