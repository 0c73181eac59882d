import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Executor, QueryResult, ScriptSession } from './db.ts';
import { isoTimestamp, TYPE_OIDS, transactionExecutor } from './db.ts';

/** `dataDir` value that keeps the database in memory (tests). */
export const IN_MEMORY = 'memory://';

/** An open PGlite store and the session migrations run on (PGlite has one connection). */
export interface PgliteStore {
  db: Db;
  session: ScriptSession;
}

/** Opens embedded PGlite at `dataDir` (created if missing) or in memory. */
export async function openPglite(dataDir: string): Promise<PgliteStore> {
  if (!dataDir.startsWith(IN_MEMORY)) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({
    dataDir,
    parsers: {
      [TYPE_OIDS.int8]: (value: string) => Number(value),
      [TYPE_OIDS.date]: (value: string) => value,
      [TYPE_OIDS.timestamptz]: isoTimestamp,
    },
  });
  const query = async <T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> => {
    const result = await pg.query<T>(sql, params ? [...params] : undefined);
    return { rows: result.rows };
  };
  const db: Db = {
    driver: 'pglite',
    query,
    transaction: <T>(fn: (tx: Executor) => Promise<T>) =>
      pg.transaction(async (tx) => {
        const raw = async <R>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> => {
          const result = await tx.query<R>(sql, params ? [...params] : undefined);
          return { rows: result.rows };
        };
        return fn(transactionExecutor(raw));
      }),
    close: () => pg.close(),
  };
  const session: ScriptSession = {
    query,
    exec: async (script) => {
      await pg.exec(script);
    },
  };
  return { db, session };
}
