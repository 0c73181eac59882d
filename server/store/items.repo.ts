import { type Item, itemSchema } from '../../domain/item.ts';
import type { Executor } from './db.ts';

/** Inserts or updates dealership items by id. */
export async function upsertItems(q: Executor, items: readonly Item[]): Promise<void> {
  if (items.length === 0) return;
  await q.query(
    `INSERT INTO items (id, dealership_id, slug, price, data)
     SELECT (e->>'id')::int, (e->>'dealership_id')::int, e->>'slug', (e->>'price')::double precision, e
     FROM jsonb_array_elements($1::jsonb) AS e
     ON CONFLICT (id) DO UPDATE SET dealership_id = EXCLUDED.dealership_id, slug = EXCLUDED.slug,
       price = EXCLUDED.price, data = EXCLUDED.data`,
    [JSON.stringify(items)],
  );
}

/** Every dealership item, by id. */
export async function listAllItems(q: Executor): Promise<Item[]> {
  const { rows } = await q.query<{ data: unknown }>('SELECT data FROM items ORDER BY id');
  return rows.map((row) => itemSchema.parse(row.data));
}

/** How many items the store holds. */
export async function countItems(q: Executor): Promise<number> {
  const { rows } = await q.query<{ count: number | string }>('SELECT count(*) AS count FROM items');
  return Number(rows[0]?.count ?? 0);
}

/** Deletes every item (reseeding). */
export async function deleteAllItems(q: Executor): Promise<void> {
  await q.query('DELETE FROM items');
}
