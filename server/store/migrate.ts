import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScriptSession } from './db.ts';

/** One SQL migration file, `NNN-name.sql`. */
export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** The folder of the project's migrations. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const FILE_NAME = /^\d{3}-[a-z0-9-]+\.sql$/;

/** Reads the migrations of `dir` in name order. */
export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => FILE_NAME.test(file))
    .sort()
    .map((file) => {
      const sql = readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n');
      return {
        name: file.replace(/\.sql$/, ''),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
}

/** Options for {@link migrate}. */
export interface MigrateOptions {
  /** Take a PostgreSQL advisory lock so processes that start together apply each migration once. */
  lock: boolean;
  migrations?: Migration[];
}

/**
 * Applies pending migrations in order, each in its own transaction, and records it in
 * `schema_migrations`. Refuses to run when an applied migration's file has changed, since
 * migrations are append-only. Returns the names it applied.
 */
export async function migrate(session: ScriptSession, options: MigrateOptions): Promise<string[]> {
  const migrations = options.migrations ?? loadMigrations();
  const lockKey = "hashtext('forecourt:migrations:' || current_schema())";
  if (options.lock) await session.query(`SELECT pg_advisory_lock(${lockKey})`);
  try {
    await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await session.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_migrations',
    );
    const applied = new Map(rows.map((row) => [row.name, row.checksum]));
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(
            `migration ${migration.name} changed after it was applied; add a new migration instead`,
          );
        }
        continue;
      }
      await session.exec('BEGIN');
      try {
        await session.exec(migration.sql);
        await session.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
          migration.name,
          migration.checksum,
        ]);
        await session.exec('COMMIT');
      } catch (error) {
        await session.exec('ROLLBACK');
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    if (options.lock) await session.query(`SELECT pg_advisory_unlock(${lockKey})`).catch(() => undefined);
  }
}

/** What a store's migrations table says against the project's migration files. */
export interface MigrationStatus {
  /** Migrations not applied yet, in the order they would run. */
  pending: string[];
  /** Applied migrations whose file has changed since (migrations are append-only). */
  changed: string[];
}

/**
 * Compares the store's `schema_migrations` with the migration files without changing anything: a
 * production start refuses while any is pending (decision 113), and `npm run db:migrate` applies
 * them. A store that never ran a migration has every one pending.
 */
export async function migrationStatus(
  session: Pick<ScriptSession, 'query'>,
  migrations: Migration[] = loadMigrations(),
): Promise<MigrationStatus> {
  const { rows: table } = await session.query<{ found: string | null }>(
    "SELECT to_regclass('schema_migrations')::text AS found",
  );
  const applied = new Map<string, string>();
  if (table[0]?.found) {
    const { rows } = await session.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_migrations',
    );
    for (const row of rows) applied.set(row.name, row.checksum);
  }
  return {
    pending: migrations.filter((m) => !applied.has(m.name)).map((m) => m.name),
    changed: migrations
      .filter((m) => applied.has(m.name) && applied.get(m.name) !== m.checksum)
      .map((m) => m.name),
  };
}
