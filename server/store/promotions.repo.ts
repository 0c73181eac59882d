import type { Promotion } from '../../domain/promotion.ts';
import type { Executor } from './db.ts';

/** Filters for {@link listPromotions}. */
export interface ListPromotionsOptions {
  /** Only promotions for every dealership or for one of these. */
  dealershipIds?: readonly number[];
  /** Only promotions running at this moment (start ≤ at < expiry). */
  activeAt?: Date;
}

/** Inserts or updates promotions by id. */
export async function upsertPromotions(q: Executor, promotions: readonly Promotion[]): Promise<void> {
  if (promotions.length === 0) return;
  await q.query(
    `INSERT INTO promotions (id, site_id, start_at, expires_at, data)
     SELECT (e->>'id')::int, (e->>'site_id')::int, (e->>'start_at')::timestamptz,
            (e->>'expires_at')::timestamptz, e
     FROM jsonb_array_elements($1::jsonb) AS e
     ON CONFLICT (id) DO UPDATE SET site_id = EXCLUDED.site_id, start_at = EXCLUDED.start_at,
       expires_at = EXCLUDED.expires_at, data = EXCLUDED.data`,
    [JSON.stringify(promotions)],
  );
}

/** A site's promotions by start date. */
export async function listPromotions(
  q: Executor,
  siteId: number,
  options: ListPromotionsOptions = {},
): Promise<Promotion[]> {
  const { rows } = await q.query<{ data: Promotion }>(
    `SELECT data FROM promotions
     WHERE site_id = $1
       AND ($2::timestamptz IS NULL OR (start_at <= $2::timestamptz AND expires_at > $2::timestamptz))
       AND ($3::int[] IS NULL OR jsonb_array_length(data->'dealership_ids') = 0
            OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(data->'dealership_ids') d
                       WHERE d::int = ANY($3::int[])))
     ORDER BY start_at, id`,
    [siteId, options.activeAt?.toISOString() ?? null, options.dealershipIds ?? null],
  );
  return rows.map((row) => row.data);
}

/** Every site's promotions (the server keeps them, to hand each page the ones running now). */
export async function listAllPromotions(q: Executor): Promise<Promotion[]> {
  const { rows } = await q.query<{ data: Promotion }>('SELECT data FROM promotions ORDER BY start_at, id');
  return rows.map((row) => row.data);
}

/** One of a site's promotions by id, whatever its dates; null when the site has none by that id. */
export async function getPromotion(q: Executor, siteId: number, id: number): Promise<Promotion | null> {
  const { rows } = await q.query<{ data: Promotion }>(
    'SELECT data FROM promotions WHERE site_id = $1 AND id = $2',
    [siteId, id],
  );
  return rows[0]?.data ?? null;
}

/** Deletes every promotion (the seed's reset). */
export async function deletePromotions(q: Executor): Promise<void> {
  await q.query('DELETE FROM promotions');
}

/** The id a promotion added in the console takes (migration 026's sequence). */
export async function nextPromotionId(q: Executor): Promise<number> {
  const { rows } = await q.query<{ id: number | string }>("SELECT nextval('promotion_ids') AS id");
  return Number(rows[0]?.id);
}
