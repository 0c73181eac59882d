import type { Executor } from './db.ts';

/** A stored fact about the store, such as the seed's parameters; null when unset. */
export async function getMeta<T>(q: Executor, key: string): Promise<T | null> {
  const { rows } = await q.query<{ value: T }>('SELECT value FROM store_meta WHERE key = $1', [key]);
  return rows[0]?.value ?? null;
}

/** Records a fact about the store. */
export async function setMeta(q: Executor, key: string, value: unknown): Promise<void> {
  await q.query(
    `INSERT INTO store_meta (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}
