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
export const TYPE_OIDS = { int8: 20, date: 1082, timestamptz: 1184 } as const;

/** PostgreSQL's text form of a `timestamptz` (DateStyle ISO): `2026-11-27 03:36:26.617+00`, any offset. */
const PG_TIMESTAMP =
  /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(\.\d+)?(?:([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?|Z)?$/;

/**
 * A `timestamptz` as every row carries it, on either driver: ISO 8601 in UTC with milliseconds
 * (`2026-11-27T03:36:26.617Z`), the form `Date#toISOString` writes and the domain's schemas read
 * (`z.iso.datetime`). PostgreSQL's own text form (a space, `+00`) never reaches a record (issue 31
 * item 3). Values outside it (`infinity`, BC dates) are passed on as PostgreSQL wrote them.
 */
export function isoTimestamp(text: string): string {
  const match = PG_TIMESTAMP.exec(text);
  if (!match) return text;
  const [
    ,
    year,
    month,
    day,
    hour,
    minute,
    second,
    fraction,
    sign,
    offsetHours,
    offsetMinutes,
    offsetSeconds,
  ] = match;
  const offset =
    (sign === '-' ? -1 : 1) *
    (Number(offsetHours ?? 0) * 3600 + Number(offsetMinutes ?? 0) * 60 + Number(offsetSeconds ?? 0));
  const ms =
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) +
    Number(`${(fraction ?? '.').slice(1)}000`.slice(0, 3)) -
    offset * 1000;
  return new Date(ms).toISOString();
}
