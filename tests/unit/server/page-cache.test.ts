import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeRoutes } from '../../../server/api/home.routes.ts';
import { createApp } from '../../../server/app.ts';
import type { AppEnv } from '../../../server/app-env.ts';
import { isSignedOutRequest, SESSION_COOKIE } from '../../../server/auth/session.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { acceptsGzip, gzipWithNonce, precompress } from '../../../server/render/gzip-with-nonce.ts';
import { PageCache, type RenderedPage } from '../../../server/render/page-cache.ts';
import type { PageRenderer } from '../../../server/render/renderer.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { signedInShopper } from './test-session.ts';
import {
  type AccountServer,
  roomyLimiter,
  seedAccountCars,
  startAccountServer,
} from './watchlist-test-server.ts';

/**
 * The page cache (issue 20 item 1, decision 090): a crowd of signed-out shoppers is answered from
 * one render, each answer with its own CSP nonce; a signed-in shopper never shares a page; a change
 * of stock is shown at once; a render that failed is never kept.
 */

const page = (text: string): RenderedPage => ({ page: { status: 200, segments: [text] }, cacheable: true });

describe('PageCache', () => {
  it('answers a kept page until it expires, then renders again', async () => {
    let clock = 0;
    const cache = new PageCache({ ttlMs: 1000, now: () => clock });
    let renders = 0;
    const renderOnce = async () => page(`render ${++renders}`);
    expect((await cache.page('a', renderOnce)).outcome).toBe('miss');
    clock = 999;
    const kept = await cache.page('a', renderOnce);
    expect(kept).toMatchObject({ outcome: 'hit', page: { segments: ['render 1'] } });
    clock = 1000;
    expect(await cache.page('a', renderOnce)).toMatchObject({
      outcome: 'miss',
      page: { segments: ['render 2'] },
    });
  });

  it('renders once for a crowd that asks at the same moment', async () => {
    const cache = new PageCache();
    let renders = 0;
    let finish: (value: RenderedPage) => void = () => {};
    const slow = () => {
      renders += 1;
      return new Promise<RenderedPage>((resolve) => {
        finish = resolve;
      });
    };
    const crowd = Array.from({ length: 50 }, () => cache.page('car', slow));
    finish(page('the car page'));
    const answers = await Promise.all(crowd);
    expect(renders).toBe(1);
    expect(answers.filter((answer) => answer.outcome === 'shared')).toHaveLength(49);
    expect(new Set(answers.map((answer) => answer.page.segments[0]))).toEqual(new Set(['the car page']));
  });

  it('a change while a page renders: the page is not kept, and a later request does not wait for it', async () => {
    const cache = new PageCache();
    let finish: (value: RenderedPage) => void = () => {};
    const before = cache.page(
      'listing',
      () =>
        new Promise<RenderedPage>((resolve) => {
          finish = resolve;
        }),
    );
    cache.invalidate();
    const after = await cache.page('listing', async () => page('after the import'));
    expect(after).toMatchObject({ outcome: 'miss', page: { segments: ['after the import'] } });
    finish(page('before the import'));
    await before;
    expect(await cache.page('listing', async () => page('again'))).toMatchObject({
      outcome: 'hit',
      page: { segments: ['after the import'] },
    });
  });

  it('keeps nothing a render marks as not to be kept', async () => {
    const cache = new PageCache();
    await cache.page('failed', async () => ({ ...page('search is down'), cacheable: false }));
    expect(cache.size).toBe(0);
  });

  it('holds at most its number of pages, dropping the least recently used', async () => {
    const cache = new PageCache({ maxEntries: 2 });
    await cache.page('a', async () => page('a'));
    await cache.page('b', async () => page('b'));
    await cache.page('a', async () => page('a again'));
    await cache.page('c', async () => page('c'));
    expect(cache.size).toBe(2);
    expect((await cache.page('a', async () => page('a rendered'))).outcome).toBe('hit');
    expect((await cache.page('b', async () => page('b rendered'))).outcome).toBe('miss');
  });
});

describe('a kept page compressed once, with a nonce of its own per answer', () => {
  it('decompresses to the document with the nonce in every slot', () => {
    const segments = ['<html><script nonce="', '"></script>é ', '', ' <p>', '">Ünïcode – 🚗</p></html>'];
    const page = precompress(segments);
    for (const nonce of ['abc123', 'Zm9vYmFyYmF6cXV4']) {
      expect(gunzipSync(gzipWithNonce(page, nonce)).toString('utf8')).toBe(segments.join(nonce));
    }
    const big = precompress([
      `${'<div class="car">Mazda CX-5</div>'.repeat(3000)}<script nonce="`,
      '"></script>',
    ]);
    const body = gzipWithNonce(big, 'n0nce');
    expect(gunzipSync(body).toString()).toContain('<script nonce="n0nce"></script>');
    expect(body.length).toBeLessThan(2000);
  });

  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['gzip;q=0', false],
    ['identity', false],
    ['*', true],
    ['*;q=0', false],
    ['', false],
  ])('Accept-Encoding %j takes gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('pages served from the cache', () => {
  const template = readFileSync('index.html', 'utf8');
  const secrets = loadSecrets(mkdtempSync(join(tmpdir(), 'forecourt-page-cache-')));
  const env = readEnv({ NODE_ENV: 'test', DEFAULT_TENANT: 'bayside-mazda' });

  function appWith(options: { failingHome?: boolean } = {}) {
    let renders = 0;
    const renderer: PageRenderer = {
      template: async () => template,
      render: (request) => {
        renders += 1;
        return render(request);
      },
    };
    const failing = new Hono<AppEnv>().get('/home', (c) => c.json({ error: { code: 'internal' } }, 500));
    const pageCache = new PageCache();
    const app = createApp({
      env,
      sites: loadTenants(),
      secrets,
      renderer,
      logger: createLogger({ quiet: true }),
      apiRoutes: [options.failingHome ? failing : homeRoutes()],
      pageCache,
    });
    const get = async (path: string, cookie?: string, headers: Record<string, string> = {}) => {
      const response = await app.request(path, {
        headers: { host: 'bayside-mazda.localhost:3000', ...(cookie ? { cookie } : {}), ...headers },
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { response, bytes, html: new TextDecoder().decode(bytes) };
    };
    return { get, pageCache, renders: () => renders };
  }

  const nonceOf = (response: Response) =>
    /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';

  it('a second shopper gets the kept page with a nonce of their own, matching their CSP', async () => {
    const { get, renders } = appWith();
    const first = await get('/');
    const second = await get('/');
    expect(renders()).toBe(1);
    expect(first.response.headers.get('x-page-cache')).toBe('miss');
    expect(second.response.headers.get('x-page-cache')).toBe('hit');
    const [firstNonce, secondNonce] = [nonceOf(first.response), nonceOf(second.response)];
    expect(firstNonce).not.toBe(secondNonce);
    expect(second.html).toContain(`nonce="${secondNonce}"`);
    expect(second.html).not.toContain(firstNonce);
    expect(second.html).not.toContain('nonce-slot-');
    expect(second.html.replaceAll(secondNonce, 'N')).toBe(first.html.replaceAll(firstNonce, 'N'));
  });

  it('a kept page travels gzipped when the browser takes it, and reads the same', async () => {
    const { get } = appWith();
    const plain = await get('/');
    const app = await get('/', undefined, { 'accept-encoding': 'gzip, br' });
    expect(app.response.headers.get('content-encoding')).toBe('gzip');
    expect(app.response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(app.response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const nonce = nonceOf(app.response);
    const html = gunzipSync(Buffer.from(app.bytes)).toString('utf8');
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html.replaceAll(nonce, 'N')).toBe(plain.html.replaceAll(nonceOf(plain.response), 'N'));
  });

  it('a query or another path is another page', async () => {
    const { get, renders } = appWith();
    await get('/');
    await get('/?utm_source=stocktake');
    await get('/?utm_source=stocktake');
    expect(renders()).toBe(2);
  });

  it('a shopper with a session cookie never gets or leaves a kept page', async () => {
    const { get, renders, pageCache } = appWith();
    const cookie = `forecourt_session=${'a'.repeat(43)}`;
    const signedIn = await get('/', cookie);
    expect(signedIn.response.headers.get('x-page-cache')).toBe('bypass');
    expect(pageCache.size).toBe(0);
    await get('/');
    const again = await get('/', `theme=dark; __Host-forecourt_session=${'b'.repeat(43)}`);
    expect(again.response.headers.get('x-page-cache')).toBe('bypass');
    expect(renders()).toBe(3);
  });

  it('after a change of stock the next shopper gets a fresh render', async () => {
    const { get, renders, pageCache } = appWith();
    await get('/');
    pageCache.invalidate();
    expect((await get('/')).response.headers.get('x-page-cache')).toBe('miss');
    expect(renders()).toBe(2);
  });

  it('a page whose render met a failing call is shown but not kept', async () => {
    const { get, renders, pageCache } = appWith({ failingHome: true });
    await get('/');
    await get('/');
    expect(renders()).toBe(2);
    expect(pageCache.size).toBe(0);
  });
});

describe('a session cookie written oddly cannot poison the cache (issue 31 item 5)', () => {
  let db: Db;
  let server: AccountServer;
  beforeAll(async () => {
    db = await openStore({ dataDir: IN_MEMORY });
    await seedAccountCars(db);
    server = await startAccountServer(db, { limiter: roomyLimiter(), pageCache: new PageCache() });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  /** How an attacker writes their own session cookie: a space or a tab before `=`, quoted, twice… */
  const oddly = (token: string) => [
    `${SESSION_COOKIE} =${token}`,
    `${SESSION_COOKIE}\t=${token}`,
    `theme=dark; ${SESSION_COOKIE} = ${token}`,
    `${SESSION_COOKIE}="${token}"`,
    `a=1;${SESSION_COOKIE}=${token}`,
    `${SESSION_COOKIE}=${token};`,
    `consent={"all":true}; ${SESSION_COOKIE}=${token}`,
  ];

  it('an attacker’s signed-in page is never kept for, nor served to, signed-out visitors', async () => {
    const attacker = await signedInShopper(db, 101);
    const saved = await server.request('bayside-mazda', '/api/saved-searches', {
      cookie: attacker.cookie,
      body: {
        name: 'ATTACKER WAS HERE',
        href: '/search?refinementList[make][0]=Mazda',
        search: { make: ['Mazda'] },
        car_types: null,
        frequency: 'off',
      },
    });
    expect(saved.status).toBe(201);
    for (const cookie of oddly(attacker.token)) {
      const planted = await server.request('bayside-mazda', '/saved-searches', { cookie });
      expect(planted.headers['x-page-cache'], cookie).toBe('bypass');
      const visitor = await server.request('bayside-mazda', '/saved-searches');
      expect(visitor.body, cookie).not.toContain('ATTACKER WAS HERE');
    }
  });

  it('Harbour’s gated finance page never answers 200 to a signed-out visitor', async () => {
    const attacker = await signedInShopper(db, 102);
    const signedIn = await server.request('harbour-auto-group', '/apply-for-finance', {
      cookie: attacker.cookie,
    });
    expect(signedIn.status).toBe(200);
    for (const cookie of oddly(attacker.token)) {
      await server.request('harbour-auto-group', '/apply-for-finance', { cookie });
      const visitor = await server.request('harbour-auto-group', '/apply-for-finance');
      expect(visitor.status, cookie).toBe(302);
      expect(visitor.headers.location).toMatch(/^\/sign-in\?type=finance/);
    }
  });

  it('reads the session the same way: only a cleanly written cookie signs in', async () => {
    const shopper = await signedInShopper(db, 101);
    const session = async (cookie: string) =>
      (await server.request('bayside-mazda', '/api/saved-searches', { cookie })).json<{
        signed_in: boolean;
      }>().signed_in;
    expect(await session(shopper.cookie)).toBe(true);
    expect(await session(`theme=dark; ${shopper.cookie}; _ga=GA1.1.2.3==`)).toBe(true);
    // A quoted value is RFC 6265's own form: read, and (being a session cookie) never shared.
    expect(await session(`${SESSION_COOKIE}="${shopper.token}"`)).toBe(true);
    for (const cookie of oddly(shopper.token).slice(0, 3)) expect(await session(cookie), cookie).toBe(false);
    expect(isSignedOutRequest('theme=dark; _ga=GA1.1.2.3')).toBe(true);
    expect(isSignedOutRequest(`theme=dark; ${shopper.cookie}`)).toBe(false);
    expect(isSignedOutRequest(`__Host-${shopper.cookie}`)).toBe(false);
    for (const cookie of oddly(shopper.token)) expect(isSignedOutRequest(cookie), cookie).toBe(false);
  });
});
