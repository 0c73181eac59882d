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
