import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { closeListener } from '../../../server/ops/metrics-port.ts';
import { backendChecks, Readiness } from '../../../server/ops/readiness.ts';
import { ServerOps } from '../../../server/ops/server-ops.ts';
import { PageCache } from '../../../server/render/page-cache.ts';
import { SearchIndexRegistry } from '../../../server/search/engine/registry.ts';
import { defineSearchIndices } from '../../../server/search/indices.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { opsApp } from './ops-app.ts';

/**
 * Issue 33 item 2: a load balancer's probes. They answer on any Host — an IP address has no dealer —
 * before the tenant lookup and the page cache, are never cached, and `/readyz` is 503 while the
 * server starts, while it drains, and while a check fails, naming it.
 */
let db: Db;
let search: SearchIndexRegistry;

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  search = new SearchIndexRegistry();
  defineSearchIndices(search);
});
afterAll(async () => {
  await db.close();
});

function readyOn(checks: Parameters<typeof backendChecks>[0]): Readiness {
  const readiness = new Readiness();
  readiness.ready(backendChecks(checks));
  return readiness;
}

const probe = (app: ReturnType<typeof opsApp>, path: string) =>
  app.request(`http://10.0.0.5:3000${path}`, { headers: { host: '10.0.0.5:3000' } });

describe('probes before tenants (issue 33 item 2)', () => {
  it('answer on an IP address, where the same Host finds no dealer site, with no-store and no page cache', async () => {
    const app = opsApp({ ops: { readiness: readyOn({ db, search }) }, pageCache: new PageCache() });
    const site = await probe(app, '/');
    expect(site.status).toBe(404);

    const health = await probe(app, '/healthz');
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('ok');
    expect(health.headers.get('cache-control')).toBe('no-store');

    const ready = await probe(app, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(ready.headers.get('x-page-cache')).toBeNull();
    expect(await ready.json()).toEqual({
      ok: true,
      status: 'ready',
      checks: { store: 'ok', migrations: 'ok', search: 'ok' },
    });
  });

  it('/readyz is 503 naming the search index when it is not loaded', async () => {
    const app = opsApp({ ops: { readiness: readyOn({ db, search: new SearchIndexRegistry() }) } });
    const ready = await probe(app, '/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'failing',
      failing: 'search',
      checks: { store: 'ok', migrations: 'ok', search: expect.stringMatching(/^not loaded: cars, /) },
    });
  });

  it('/readyz is 503 naming the store when it does not answer', async () => {
    const down = {
      driver: 'postgres',
      query: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
      transaction: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
      close: async () => {},
    } satisfies Db;
    const app = opsApp({ ops: { readiness: readyOn({ db: down, search }) } });
    const ready = await probe(app, '/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      failing: 'store',
      checks: { store: 'connect ECONNREFUSED 127.0.0.1:5432' },
    });
  });

  it('/readyz is 503 naming the migrations when the store lacks one this build has', async () => {
    const { rows } = await db.query<{ checksum: string }>(
      "DELETE FROM schema_migrations WHERE name = '016-account-links' RETURNING checksum",
    );
    try {
      const app = opsApp({ ops: { readiness: readyOn({ db, search }) } });
      const ready = await probe(app, '/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        failing: 'migrations',
        checks: { migrations: 'pending: 016-account-links' },
      });
    } finally {
      await db.query("INSERT INTO schema_migrations (name, checksum) VALUES ('016-account-links', $1)", [
        rows[0]?.checksum,
      ]);
    }
  });
});

describe('a server listens while it starts and says so (issue 33 item 2)', () => {
  it('/readyz is 503 starting until the app is attached, 200 once served, 503 draining from shutdown', async () => {
    const env = readEnv({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' });
    const ops = await ServerOps.start(env, createLogger({ quiet: true }));
    const base = `http://127.0.0.1:${ops.port}`;
    try {
      const starting = await fetch(`${base}/readyz`);
      expect(starting.status).toBe(503);
      expect(starting.headers.get('cache-control')).toBe('no-store');
      expect(await starting.json()).toMatchObject({ status: 'starting' });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      // Playwright's webServer and the CLIs wait on /api/health: it is not up until the app is.
      const api = await fetch(`${base}/api/health`);
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('5');
      expect(await api.json()).toMatchObject({ error: { code: 'starting' } });

      const listener = await ops.serve(opsApp({ ops }).fetch, { db, search });
      try {
        const ready = await fetch(`${base}/readyz`);
        expect(ready.status).toBe(200);
        expect((await fetch(`${base}/api/health`)).status).toBe(200);

        await ops.drain();
        const draining = await fetch(`${base}/readyz`);
        expect(draining.status).toBe(503);
        expect(await draining.json()).toMatchObject({ status: 'draining' });
        expect((await fetch(`${base}/healthz`)).status).toBe(200);
      } finally {
        await closeListener(listener);
      }
    } finally {
      await ops.close();
    }
  });
});
