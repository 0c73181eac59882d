import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../../server/app-env.ts';
import { rateLimit } from '../../../server/auth/rate-limit.ts';
import { deleteFullBuckets, storeLimiters, takeToken } from '../../../server/store/rate-buckets.repo.ts';
import { type TestStore, testDrivers } from './test-stores.ts';

/**
 * Rate limits shared through the store (issue 20 item 2, decision 093): every process over one
 * PostgreSQL takes from the same buckets, so a flood spread over processes meets the same limit as
 * one aimed at a single process.
 */
describe.each(testDrivers('rate_buckets'))('rate buckets on $name', (driver) => {
  let store: TestStore;
  let other: TestStore | null = null;
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 26, 9, 0, seconds));
  const slow = { capacity: 3, perSecond: 1 / 60 };

  beforeAll(async () => {
    store = await driver.open();
    // A second process: its own connection to the same schema (PGlite is one process: the same store).
    if (store.schema) other = await driver.open({ schema: store.schema });
  });
  afterAll(async () => {
    await other?.db.close();
    await store.cleanup();
  });

  it('gives a bucket its capacity, then says how long until the next token, and refills with time', async () => {
    const takes = [];
    for (let i = 0; i < 4; i += 1) takes.push(await takeToken(store.db, 'a 10.0.0.1 leads', slow, at(0)));
    expect(takes).toEqual([0, 0, 0, 60]);
    expect(await takeToken(store.db, 'a 10.0.0.1 leads', slow, at(30))).toBe(30);
    expect(await takeToken(store.db, 'a 10.0.0.1 leads', slow, at(61))).toBe(0);
    expect(await takeToken(store.db, 'a 10.0.0.1 leads', slow, at(62))).toBeGreaterThan(0);
    // Another address, or another route, has a bucket of its own.
    expect(await takeToken(store.db, 'a 10.0.0.2 leads', slow, at(62))).toBe(0);
  });

  it('counts takes made at once exactly: of 25 concurrent takes on 10 tokens, 10 pass', async () => {
    const many = { capacity: 10, perSecond: 1 / 3600 };
    const dbs = [store.db, (other ?? store).db];
    const waits = await Promise.all(
      Array.from({ length: 25 }, (_, i) => takeToken(dbs[i % 2] ?? store.db, 'b burst', many)),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
    expect(waits.filter((wait) => wait > 0)).toHaveLength(15);
  });

  it('a flood spread over two processes gets the 429s one process would give', async () => {
    const app = (db: TestStore['db']) => {
      const limiter = storeLimiters(db)({ capacity: 4, perSecond: 1 / 3600 }, 'leads');
      return new Hono<AppEnv>().post('/api/leads', rateLimit(limiter, 'leads'), (c) =>
        c.json({ ok: true }, 201),
      );
    };
    const processes = [app(store.db), app((other ?? store).db)];
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 8; i += 1) {
      const response = await (processes[i % 2] as Hono<AppEnv>).request('/api/leads', {
        method: 'POST',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      statuses.push(response.status);
      if (response.status === 429) retryAfter ??= response.headers.get('retry-after');
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  });

  it('kinds of limit keep apart even on the same key', async () => {
    const limiters = storeLimiters(store.db);
    const one = { capacity: 1, perSecond: 1 / 3600 };
    expect(await limiters(one, 'sign-in').take('site 1 shopper@example.com')).toBe(0);
    expect(await limiters(one, 'account').take('site 1 shopper@example.com')).toBe(0);
    expect(await limiters(one, 'account').take('site 1 shopper@example.com')).toBeGreaterThan(0);
  });

  it('deletes buckets that are full again, keeps the ones still refilling', async () => {
    const quick = { capacity: 2, perSecond: 1 };
    await takeToken(store.db, 'c quick', quick, at(0));
    await takeToken(store.db, 'c slow', slow, at(0));
    await deleteFullBuckets(store.db, at(5));
    const { rows } = await store.db.query<{ key: string }>(
      "SELECT key FROM rate_buckets WHERE key LIKE 'c %'",
    );
    expect(rows.map((row) => row.key)).toEqual(['c slow']);
  });

  it('a store that fails lets the request through and reports the failure', async () => {
    const errors: unknown[] = [];
    const broken = {
      query: async () => {
        throw new Error('connection refused');
      },
      transaction: async () => {
        throw new Error('connection refused');
      },
    };
    const limiter = storeLimiters(broken, { onError: (error) => errors.push(error) })(slow, 'leads');
    expect(await limiter.take('10.0.0.1 leads')).toBe(0);
    expect(errors.length).toBeGreaterThanOrEqual(1);
  });
});
