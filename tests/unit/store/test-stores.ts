import type { Db, StoreDriver } from '../../../server/store/db.ts';
import type { Migration } from '../../../server/store/migrate.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';

/**
 * The drivers store tests run on: PGlite always, PostgreSQL too when `DATABASE_URL` is set. Each
 * PostgreSQL store gets its own schema, dropped on cleanup, so parallel test files do not meet.
 */
export interface TestDriver {
  name: StoreDriver;
  /** Opens a fresh, empty, migrated store (or the same schema again when `schema` is given). */
  open(options?: { schema?: string; migrations?: Migration[] }): Promise<TestStore>;
}

/** An open test store and the schema it uses on PostgreSQL. */
export interface TestStore {
  db: Db;
  schema: string | null;
  /** Closes the store and drops its schema. */
  cleanup(): Promise<void>;
}

let counter = 0;

/** A schema name unique to this process and call. */
export function uniqueSchema(label: string): string {
  counter += 1;
  return `t_${label}_${process.pid}_${Date.now().toString(36)}_${counter}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
}

const pglite: TestDriver = {
  name: 'pglite',
  async open(options = {}) {
    const db = await openStore({ dataDir: IN_MEMORY, migrations: options.migrations });
    return { db, schema: null, cleanup: () => db.close() };
  },
};

function postgres(url: string, label: string): TestDriver {
  return {
    name: 'postgres',
    async open(options = {}) {
      const schema = options.schema ?? uniqueSchema(label);
      const db = await openStore({ databaseUrl: url, schema, migrations: options.migrations });
      return {
        db,
        schema,
        async cleanup() {
          await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await db.close();
        },
      };
    },
  };
}

/** Drivers for `describe.each`; `label` names this file's PostgreSQL schemas. */
export function testDrivers(label: string): TestDriver[] {
  const url = process.env.DATABASE_URL;
  return url ? [pglite, postgres(url, label)] : [pglite];
}
