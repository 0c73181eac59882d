import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { homeRoutes } from '../../../server/api/home.routes.ts';
import { createApp } from '../../../server/app.ts';
import type { AppEnv } from '../../../server/app-env.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { callKey, DataCache } from '../../../server/render/data-cache.ts';
import { PageCache } from '../../../server/render/page-cache.ts';
import type { PageRenderer } from '../../../server/render/renderer.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';

/**
 * The data cache (issue 38 item 2): a render's own calls answered once for every signed-out page
 * and shopper of one dealer, never for another dealer or a signed-in shopper, and asked again at
 * once after a change.
 */

const answerOf =
  (text: string, init: ResponseInit = {}) =>
  async () =>
    new Response(text, init);

describe('DataCache', () => {
  it('answers a kept call until it expires, each caller with a body of its own', async () => {
    let clock = 0;
    const cache = new DataCache({ ttlMs: 1000, now: () => clock });
    let calls = 0;
    const call = async () => new Response(`answer ${++calls}`);
    expect((await cache.answer('car', call)).outcome).toBe('miss');
    clock = 999;
    const [first, second] = [await cache.answer('car', call), await cache.answer('car', call)];
    expect(first.outcome).toBe('hit');
    expect(await first.response.text()).toBe('answer 1');
    expect(await second.response.text()).toBe('answer 1');
    clock = 1000;
    expect(await (await cache.answer('car', call)).response.text()).toBe('answer 2');
  });

  it('makes one call for renders that ask at the same moment', async () => {
    const cache = new DataCache({ ttlMs: 1000 });
    let calls = 0;
    let finish: (response: Response) => void = () => {};
    const slow = () => {
      calls += 1;
      return new Promise<Response>((resolve) => {
        finish = resolve;
      });
    };
    const crowd = Array.from({ length: 20 }, () => cache.answer('search', slow));
    finish(new Response('the results'));
    const answers = await Promise.all(crowd);
    expect(calls).toBe(1);
    expect(answers.filter((answer) => answer.outcome === 'shared')).toHaveLength(19);
    expect(new Set(await Promise.all(answers.map((answer) => answer.response.text())))).toEqual(
      new Set(['the results']),
    );
  });

  it('a change while a call runs: its answer is not kept, and a later call does not wait for it', async () => {
    const cache = new DataCache({ ttlMs: 1000 });
    let finish: (response: Response) => void = () => {};
    const before = cache.answer('car', () => new Promise<Response>((resolve) => (finish = resolve)));
    cache.invalidate();
    const after = await cache.answer('car', answerOf('after the change'));
    expect(after.outcome).toBe('miss');
    finish(new Response('before the change'));
    expect(await (await before).response.text()).toBe('before the change');
    expect(await (await cache.answer('car', answerOf('again'))).response.text()).toBe('after the change');
    cache.invalidate();
    expect(await (await cache.answer('car', answerOf('after the second change'))).response.text()).toBe(
      'after the second change',
    );
  });

  it('keeps and shares only a 200 that sets no cookie', async () => {
    const cache = new DataCache({ ttlMs: 1000 });
    await cache.answer('gone', answerOf('not found', { status: 404 }));
    await cache.answer('failed', answerOf('down', { status: 500 }));
    await cache.answer('cookie', answerOf('{}', { headers: { 'set-cookie': 'a=1' } }));
    expect(cache.size).toBe(0);
    let finish: (response: Response) => void = () => {};
    const failing = cache.answer('search', () => new Promise<Response>((resolve) => (finish = resolve)));
    const waiting = cache.answer('search', answerOf('its own call'));
    finish(new Response('busy', { status: 429 }));
    expect((await failing).response.status).toBe(429);
    expect(await (await waiting).response.text()).toBe('its own call');
  });

  it('holds at most its number of answers, dropping the least recently used', async () => {
    const cache = new DataCache({ ttlMs: 1000, maxEntries: 2 });
    await cache.answer('a', answerOf('a'));
    await cache.answer('b', answerOf('b'));
    await cache.answer('a', answerOf('a again'));
    await cache.answer('c', answerOf('c'));
    expect(cache.size).toBe(2);
    expect((await cache.answer('a', answerOf('a asked'))).outcome).toBe('hit');
    expect((await cache.answer('b', answerOf('b asked'))).outcome).toBe('miss');
  });

  it('a call is known by its scope, method, address, own headers and body', async () => {
    const search = (body: string, headers: Record<string, string> = {}) =>
      new Request('http://a.localhost/search-api/1/indexes/*/queries', {
        method: 'POST',
        headers: { 'x-algolia-application-id': 'forecourt', ...headers },
        body,
      });
    const bayside = 'bayside-mazda\nhttp://a.localhost';
    const keys = await Promise.all([
      callKey(bayside, search('{"query":"cx-5"}')),
      callKey('metro-used\nhttp://a.localhost', search('{"query":"cx-5"}')),
      callKey(bayside, search('{"query":"cx-5"}', { 'x-algolia-application-id': 'other' })),
      callKey(bayside, search('{"query":"cx-9"}')),
      callKey(bayside, new Request('http://a.localhost/search-api/1/indexes/*/queries')),
    ]);
    expect(new Set(keys).size).toBe(keys.length);
    // The search key minted for each render and the client's request id do not make another call.
    expect(
      await callKey(bayside, search('{"query":"cx-5"}', { 'x-algolia-api-key': 'k1', 'request-id': 'a' })),
    ).toBe(
      await callKey(bayside, search('{"query":"cx-5"}', { 'x-algolia-api-key': 'k2', 'request-id': 'b' })),
    );
    const request = search('{"query":"cx-5"}');
    await callKey('s', request);
    expect(await request.text()).toBe('{"query":"cx-5"}');
  });
});

describe("a render's calls answered from the data cache", () => {
  const template = readFileSync('index.html', 'utf8');
  const secrets = loadSecrets(mkdtempSync(join(tmpdir(), 'forecourt-data-cache-')));
  const env = readEnv({ NODE_ENV: 'test', DEFAULT_TENANT: 'bayside-mazda' });

  function appWith() {
    const calls: string[] = [];
    const renderer: PageRenderer = { template: async () => template, render };
    // The home page's own call, counted by the dealer it is made for.
    const home = new Hono<AppEnv>()
      .use('/home', async (c, next) => {
        calls.push(c.get('site').slug);
        await next();
      })
      .route('/', homeRoutes());
    const dataCache = new DataCache({ ttlMs: 30_000 });
    const app = createApp({
      env,
      sites: loadTenants(),
      secrets,
      renderer,
      logger: createLogger({ quiet: true }),
      apiRoutes: [home],
      pageCache: new PageCache(),
      dataCache,
    });
    const get = (host: string, path: string, cookie?: string) =>
      app.request(path, { headers: { host: `${host}.localhost:3000`, ...(cookie ? { cookie } : {}) } });
    return { get, calls, dataCache };
  }

  it('pages of one dealer share its answer; another dealer gets its own', async () => {
    const { get, calls } = appWith();
    await get('bayside-mazda', '/');
    await get('bayside-mazda', '/?utm_source=stocktake');
    await get('bayside-mazda', '/?utm_source=newsletter');
    expect(calls).toEqual(['bayside-mazda']);
    await get('metro-used', '/');
    await get('metro-used', '/?utm_source=stocktake');
    expect(calls).toEqual(['bayside-mazda', 'metro-used']);
  });

  it('after a change the next render asks again', async () => {
    const { get, calls, dataCache } = appWith();
    await get('bayside-mazda', '/');
    dataCache.invalidate();
    await get('bayside-mazda', '/?utm_source=stocktake');
    expect(calls).toEqual(['bayside-mazda', 'bayside-mazda']);
  });

  it('a signed-in shopper’s render makes its own calls and leaves nothing kept', async () => {
    const { get, calls, dataCache } = appWith();
    const cookie = `forecourt_session=${'a'.repeat(43)}`;
    await get('bayside-mazda', '/', cookie);
    await get('bayside-mazda', '/', cookie);
    expect(calls).toEqual(['bayside-mazda', 'bayside-mazda']);
    expect(dataCache.size).toBe(0);
  });
});
