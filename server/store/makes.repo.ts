import type { Make } from '../../domain/make.ts';
import type { Model, ModelStatus } from '../../domain/model.ts';
import type { Executor } from './db.ts';

/** Inserts or updates makes by id. */
export async function upsertMakes(q: Executor, makes: readonly Make[]): Promise<void> {
  if (makes.length === 0) return;
  await q.query(
    `INSERT INTO makes (id, slug, name, data)
     SELECT (e->>'id')::int, e->>'slug', e->>'name', e FROM jsonb_array_elements($1::jsonb) AS e
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, data = EXCLUDED.data`,
    [JSON.stringify(makes)],
  );
}

/** Every make, by name; with `slugs`, only those. */
export async function listMakes(q: Executor, slugs?: readonly string[]): Promise<Make[]> {
  const { rows } = slugs
    ? await q.query<{ data: Make }>('SELECT data FROM makes WHERE slug = ANY($1::text[]) ORDER BY name', [
        slugs,
      ])
    : await q.query<{ data: Make }>('SELECT data FROM makes ORDER BY name');
  return rows.map((row) => row.data);
}

/** Inserts or updates models by id; their makes must exist. */
export async function upsertModels(q: Executor, models: readonly Model[]): Promise<void> {
  if (models.length === 0) return;
  await q.query(
    `INSERT INTO models (id, make_id, slug, name, status, manufacturer_body, data)
     SELECT (e->>'id')::int, (e->>'make_id')::int, e->>'slug', e->>'name', e->>'status',
            e->>'manufacturer_body', e
     FROM jsonb_array_elements($1::jsonb) AS e
     ON CONFLICT (id) DO UPDATE SET make_id = EXCLUDED.make_id, slug = EXCLUDED.slug, name = EXCLUDED.name,
       status = EXCLUDED.status, manufacturer_body = EXCLUDED.manufacturer_body, data = EXCLUDED.data`,
    [JSON.stringify(models)],
  );
}

/** Filters for {@link listModels}. */
export interface ListModelsOptions {
  makeSlug?: string;
  status?: ModelStatus;
}

/** Models by make then name, optionally of one make or one status. */
export async function listModels(q: Executor, options: ListModelsOptions = {}): Promise<Model[]> {
  const { rows } = await q.query<{ data: Model }>(
    `SELECT m.data FROM models m JOIN makes k ON k.id = m.make_id
     WHERE ($1::text IS NULL OR k.slug = $1) AND ($2::text IS NULL OR m.status = $2)
     ORDER BY k.name, m.name`,
    [options.makeSlug ?? null, options.status ?? null],
  );
  return rows.map((row) => row.data);
}

/** Deletes every make and model (the seed's reset). */
export async function deleteCatalogue(q: Executor): Promise<void> {
  await q.query('DELETE FROM models');
  await q.query('DELETE FROM makes');
}
