import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../server/auth/rate-limit.ts';
import { forwardedClient } from '../../../server/auth/request.ts';
import { readEnv } from '../../../server/env.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { type AccountServer, startAccountServer } from './watchlist-test-server.ts';

/**
 * Rate limits key on the client's address (decision 060). Behind `TRUST_PROXY` reverse proxies the
 * client is the right-most `X-Forwarded-For` address those proxies did not add; without the setting
 * the header is ignored, since any client can send it.
 */
describe('TRUST_PROXY setting (server/env.ts)', () => {
  it('is off by default, takes a number of hops or off, and refuses anything else naming it', () => {
    expect(readEnv({}).TRUST_PROXY).toBe(0);
    expect(readEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(0);
    expect(readEnv({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(0);
    expect(readEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(0);
    expect(readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    for (const bad of ['yes', 'true', '-1', '1.5', '11']) {
      expect(() => readEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('the client behind trusted proxies (right-most untrusted X-Forwarded-For address)', () => {
  const cases: [string, string | undefined, number, string][] = [
    ['one proxy: the address it appended', '203.0.113.7', 1, '203.0.113.7'],
    ['one proxy: a spoofed entry on the left is skipped', '6.6.6.6, 203.0.113.7', 1, '203.0.113.7'],
    ['two proxies: skips the inner proxy’s entry', '6.6.6.6, 203.0.113.7, 10.0.0.2', 2, '203.0.113.7'],
    ['spaces and empty entries are ignored', ' 203.0.113.7 ,, ', 1, '203.0.113.7'],
    ['no header: the peer itself', undefined, 1, '10.0.0.1'],
    ['fewer entries than hops: the left-most address', '203.0.113.7', 3, '203.0.113.7'],
  ];
  it.each(cases)('%s', (_name, header, hops, client) => {
    expect(forwardedClient('10.0.0.1', header, hops)).toBe(client);
  });
});

describe('rate limits behind a proxy', () => {
  let db: Db;
  let direct: AccountServer;
  let proxied: AccountServer;

  beforeAll(async () => {
    db = await openStore({ dataDir: IN_MEMORY });
    const tight = () => new RateLimiter({ capacity: 1, perSecond: 0.001 });
    direct = await startAccountServer(db, { limiter: tight() });
    proxied = await startAccountServer(db, { limiter: tight(), env: { TRUST_PROXY: '1' } });
  });

  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
    await db?.close();
  });

  const track = (server: AccountServer, forwardedFor: string) =>
    server.request('bayside-mazda', '/api/analytics', {
      body: { event_id: 39 },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('without TRUST_PROXY a client cannot dodge its limit by sending X-Forwarded-For', async () => {
    expect((await track(direct, '203.0.113.1')).status).toBe(202);
    const second = await track(direct, '203.0.113.2');
    expect(second.status).toBe(429);
    expect(second.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('with TRUST_PROXY=1 each shopper behind the proxy has a bucket, and spoofed entries do not help', async () => {
    expect((await track(proxied, '203.0.113.1')).status).toBe(202);
    expect((await track(proxied, '203.0.113.2')).status).toBe(202);
    expect((await track(proxied, '1.1.1.1, 203.0.113.1')).status).toBe(429);
  });
});
