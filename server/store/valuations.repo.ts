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

/** What storing an image found: stored (with how many the valuation has now), full, or no such valuation. */
export type ImageStored =
  | { kind: 'stored'; imageId: number; count: number }
  | { kind: 'full' }
  | { kind: 'notFound' };

/** Stores an image with a site's valuation unless it has `max` already (checked under the valuation's lock). */
export async function addValuationImage(
  db: Executor,
  siteId: number,
  evalId: string,
  image: { contentType: string; bytes: Uint8Array },
  max: number,
): Promise<ImageStored> {
  return db.transaction(async (tx) => {
    const found = await tx.query<{ id: number }>(
      'SELECT id FROM valuations WHERE site_id = $1 AND eval_id = $2 FOR UPDATE',
      [siteId, evalId],
    );
    const valuation = found.rows[0];
    if (!valuation) return { kind: 'notFound' };
    const counted = await tx.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM valuation_images WHERE valuation_id = $1',
      [valuation.id],
    );
    const count = Number(counted.rows[0]?.n ?? 0);
    if (count >= max) return { kind: 'full' };
    const inserted = await tx.query<{ id: number }>(
      'INSERT INTO valuation_images (valuation_id, content_type, bytes, size) VALUES ($1, $2, $3, $4) RETURNING id',
      [valuation.id, image.contentType, Buffer.from(image.bytes), image.bytes.length],
    );
    return { kind: 'stored', imageId: inserted.rows[0]?.id ?? 0, count: count + 1 };
  });
}

/** A valuation's images (tests and the dealer's tools). */
export async function valuationImages(
  db: Executor,
  siteId: number,
  evalId: string,
): Promise<{ content_type: string; bytes: Uint8Array }[]> {
  const { rows } = await db.query<{ content_type: string; bytes: Uint8Array }>(
    `SELECT i.content_type, i.bytes FROM valuation_images i JOIN valuations v ON v.id = i.valuation_id
      WHERE v.site_id = $1 AND v.eval_id = $2 ORDER BY i.id`,
    [siteId, evalId],
  );
  return rows;
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
