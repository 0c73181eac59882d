/**
 * The store's one small interface. Both drivers (PGlite and PostgreSQL) implement it, and every
 * repository takes an {@link Executor}, so the same function runs on the pool or inside a
 * transaction.
 */

/** Rows of one statement. */
export interface QueryResult<T> {
  rows: T[];
}

/** Runs statements; `transaction` commits when `fn` resolves and rolls back when it throws. */
export interface Executor {
  /** Runs one statement with `$1…$n` parameters. Pass JSON as a string and cast it (`$1::jsonb`). */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /**
   * Runs `fn` in a transaction and resolves only after COMMIT. Called on a transaction, it opens a
   * savepoint. Inside `fn` use `tx` only: on PGlite a query on the outer handle waits for the
   * transaction to end.
   */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
}

/** Which engine a store runs on. */
export type StoreDriver = 'pglite' | 'postgres';

/** An open store. */
export interface Db extends Executor {
  readonly driver: StoreDriver;
  close(): Promise<void>;
}

/** One connection that can run a multi-statement script (used by migrations). */
export interface ScriptSession {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  exec(script: string): Promise<void>;
}

type RawQuery = <T>(sql: string, params?: readonly unknown[]) => Promise<QueryResult<T>>;

/** Wraps a connection that is already inside a transaction; nested transactions become savepoints. */
export function transactionExecutor(raw: RawQuery, depth = 0): Executor {
  return {
    query: <T>(sql: string, params?: readonly unknown[]) => raw<T>(sql, params),
    async transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      const name = `sp_${depth + 1}`;
      await raw(`SAVEPOINT ${name}`);
      try {
        const result = await fn(transactionExecutor(raw, depth + 1));
        await raw(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await raw(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      }
    },
  };
}

/** Type OIDs both drivers parse the same way, so rows look alike on either engine. */
export const TYPE_OIDS = { int8: 20, date: 1082 } as const;
