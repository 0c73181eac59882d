import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';
import { type Migration, type MigrationStatus, migrate, migrationStatus } from './migrate.ts';
import { IN_MEMORY, openPglite } from './pglite-driver.ts';
import { openPostgres } from './postgres-driver.ts';

/** Where the embedded store lives by default: `<repo>/.data/pglite`. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.data/pglite', import.meta.url));

/** How to open the store. */
export interface StoreOptions {
  /** PostgreSQL URL; when given, PostgreSQL is used and `dataDir` is ignored. */
  databaseUrl?: string | undefined;
  /** PostgreSQL only: a schema to create and work in (tests use one per file). */
  schema?: string | undefined;
  /** PGlite folder; {@link IN_MEMORY} (`memory://`) keeps it in memory. Default {@link DEFAULT_DATA_DIR}. */
  dataDir?: string | undefined;
  /** Migrations to apply instead of `server/store/migrations` (tests). */
  migrations?: Migration[] | undefined;
}

/** An open store whose migrations have not been applied by opening it. */
export interface UnmigratedStore {
  db: Db;
  /** What is pending or changed, without applying anything. */
  status(): Promise<MigrationStatus>;
  /** Applies pending migrations (under an advisory lock on PostgreSQL); answers their names. */
  migrate(): Promise<string[]>;
}

/**
 * Opens the store without applying migrations: a production start reads what is pending before it
 * decides (decision 113), and `npm run db:migrate` applies them as a release step.
 */
export async function openStoreUnmigrated(options: StoreOptions = {}): Promise<UnmigratedStore> {
  if (options.databaseUrl) {
    const store = await openPostgres({ databaseUrl: options.databaseUrl, schema: options.schema });
    return {
      db: store.db,
      status: () => migrationStatus(store.db, options.migrations),
      migrate: () =>
        store.withSession((session) => migrate(session, { lock: true, migrations: options.migrations })),
    };
  }
  const store = await openPglite(options.dataDir ?? DEFAULT_DATA_DIR);
  return {
    db: store.db,
    status: () => migrationStatus(store.db, options.migrations),
    migrate: () => migrate(store.session, { lock: false, migrations: options.migrations }),
  };
}

/** Opens the store and applies pending migrations before resolving. */
export async function openStore(options: StoreOptions = {}): Promise<Db> {
  const store = await openStoreUnmigrated(options);
  try {
    await store.migrate();
  } catch (error) {
    await store.db.close();
    throw error;
  }
  return store.db;
}

/** Opens PostgreSQL when `DATABASE_URL` is set, otherwise PGlite in `<DATA_DIR>/pglite` (`.data/pglite`). */
export function openStoreFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  return openStore({
    databaseUrl: env.DATABASE_URL || undefined,
    schema: env.DATABASE_SCHEMA || undefined,
    dataDir: env.DATA_DIR ? join(resolve(env.DATA_DIR), 'pglite') : DEFAULT_DATA_DIR,
  });
}

export { IN_MEMORY };
