import pg from 'pg';
import type { Db, Executor, QueryResult, ScriptSession } from './db.ts';
import { isoTimestamp, TYPE_OIDS, transactionExecutor } from './db.ts';

/** Options for the PostgreSQL driver. */
export interface PostgresOptions {
  /** A `postgres://` URL, usually `DATABASE_URL`. */
  databaseUrl: string;
  /** A schema to create and use as `search_path` (tests use one per file). */
  schema?: string;
  /** Pool size; 10 by default. */
  max?: number;
}

/** An open PostgreSQL store and a way to borrow one connection for migrations. */
export interface PostgresStore {
  db: Db;
  withSession<T>(fn: (session: ScriptSession) => Promise<T>): Promise<T>;
}

const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => {
    if (oid === TYPE_OIDS.int8) return (value: string) => Number(value);
    if (oid === TYPE_OIDS.date) return (value: string) => value;
    if (oid === TYPE_OIDS.timestamptz && format !== 'binary') return isoTimestamp;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function clientQuery(client: pg.PoolClient) {
  return async <T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> => {
    const result = await client.query(sql, params ? [...params] : undefined);
    return { rows: result.rows as T[] };
  };
}

/** Opens a pool on PostgreSQL; with `schema`, creates it and pins every connection's search_path. */
export async function openPostgres(options: PostgresOptions): Promise<PostgresStore> {
  const { databaseUrl, schema } = options;
  if (schema !== undefined) {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name: ${schema}`);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    types,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  pool.on('error', () => {
    /* an idle client's connection dropped; the pool replaces it on the next query */
  });
  const db: Db = {
    driver: 'postgres',
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await pool.query(sql, params ? [...params] : undefined);
      return { rows: result.rows as T[] };
    },
    async transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(transactionExecutor(clientQuery(client)));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
  return {
    db,
    async withSession(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          query: clientQuery(client),
          exec: async (script) => {
            await client.query(script);
          },
        });
      } finally {
        client.release();
      }
    },
  };
}
