import type { BucketConfig, Limiter, LimiterFactory } from '../auth/rate-limit.ts';
import type { Executor } from './db.ts';

/** The bucket's tokens now: its last level refilled since, up to its capacity (SQL over the old row). */
const LEVEL =
  'LEAST($2::float8, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM EXCLUDED.at - b.at)::float8) * $3::float8)';

/**
 * Takes one token from the bucket `key` in one statement, so two processes taking at once each see
 * the other's take (the row lock orders them). `now` pins the clock (tests); else the database's,
 * the one clock every process shares. Resolves to 0 when allowed, else the seconds until a token.
 */
export async function takeToken(q: Executor, key: string, config: BucketConfig, now?: Date): Promise<number> {
  const { rows } = await q.query<{ tokens: number; granted: boolean }>(
    `INSERT INTO rate_buckets AS b (key, tokens, at, granted, capacity, per_second)
     VALUES ($1, $2::float8 - 1, COALESCE($4::timestamptz, clock_timestamp()), true, $2, $3)
     ON CONFLICT (key) DO UPDATE SET
       tokens = CASE WHEN ${LEVEL} >= 1 THEN ${LEVEL} - 1 ELSE ${LEVEL} END,
       granted = ${LEVEL} >= 1,
       at = EXCLUDED.at,
       capacity = EXCLUDED.capacity,
       per_second = EXCLUDED.per_second
     RETURNING tokens, granted`,
    [key, config.capacity, config.perSecond, now?.toISOString() ?? null],
  );
  const row = rows[0];
  if (!row || row.granted) return 0;
  return Math.max(1, Math.ceil((1 - row.tokens) / config.perSecond));
}

/** Deletes the buckets that are full again by `now` (the database's clock by default); resolves to how many. */
export async function deleteFullBuckets(q: Executor, now?: Date): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM rate_buckets
       WHERE at + make_interval(secs => (capacity - tokens) / per_second) <= COALESCE($1::timestamptz, clock_timestamp())
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [now?.toISOString() ?? null],
  );
  return rows[0]?.n ?? 0;
}

/** How often one process deletes full buckets while it takes tokens. */
export const BUCKET_SWEEP_INTERVAL_MS = 60_000;

/**
 * Limiters whose buckets live in the store (decision 093): what every process and instance over one
 * PostgreSQL counts together. A store that fails lets the request through and logs it — a rate
 * limit is a brake, not a gate, and a lead must not be lost to it. Full buckets are deleted at most
 * once a minute, by whichever process is taking tokens.
 */
export function storeLimiters(
  q: Executor,
  options: { onError?: (error: unknown) => void; now?: () => Date } = {},
): LimiterFactory {
  let lastSweep = 0;
  const sweep = () => {
    const at = Date.now();
    if (at - lastSweep < BUCKET_SWEEP_INTERVAL_MS) return;
    lastSweep = at;
    deleteFullBuckets(q, options.now?.()).catch((error: unknown) => options.onError?.(error));
  };
  return (config, name): Limiter => ({
    async take(key) {
      sweep();
      try {
        return await takeToken(q, `${name} ${key}`, config, options.now?.());
      } catch (error) {
        options.onError?.(error);
        return 0;
      }
    },
  });
}
