import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { connect } from 'node:net';
import { routeJavaScript } from '../../bench/support/server.ts';
import { VehicleFinder } from './pages/vehicle.page.ts';
import { expect, test } from './support/fixtures.ts';
import { stretched } from './support/machine-load.ts';
import { demoSites, E2E_DATA_DIR, E2E_PORT, nodeRequest } from './support/server.ts';

const secretsOf = (dir: string) =>
  JSON.parse(readFileSync(`${dir}/secrets.json`, 'utf8')) as Record<string, string>;
const secrets = () => secretsOf(E2E_DATA_DIR);

test.describe('host resolution', () => {
  test('a plain localhost serves the default dealer', async ({ request }) => {
    const { url, headers } = nodeRequest(`localhost:${E2E_PORT}`, '/api/site');
    const site = await (await request.get(url, { headers })).json();
    expect(site.slug).toBe('bayside-mazda');
  });

  for (const site of demoSites.filter((s) => s.domains.length > 0)) {
    test(`the custom domain ${site.domains[0]} serves ${site.name}`, async ({ request }) => {
      const { url, headers } = nodeRequest(site.domains[0] ?? '', '/');
      const response = await request.get(url, { headers });
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain(`data-panda-theme="${site.slug}"`);
    });
  }

  test('an unknown host gets "Site not found" with status 404 and no dealer data', async ({
    page,
    request,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 404/);
    const { url, headers } = nodeRequest('no-such-dealer.example.com', '/');
    const response = await request.get(url, { headers });
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('Site not found');
    for (const site of demoSites) expect(html).not.toContain(site.name);

    const browserResponse = await page.goto(`http://no-such-dealer.localhost:${E2E_PORT}/`);
    expect(browserResponse?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Site not found' })).toBeVisible();
  });

  test('an unknown host gets a JSON 404 from the API', async ({ request }) => {
    const { url, headers } = nodeRequest('nobody.localhost', '/api/site');
    const response = await request.get(url, { headers });
    expect(response.status()).toBe(404);
    expect((await response.json()).error.code).toBe('site_not_found');
  });
});

/**
 * Route JavaScript budgets: what a first visit downloads, gzipped (issue 4; one per route, issue 20),
 * each today's figure plus about 0.5 kB, so a change that adds to a route fails here and says by how
 * much. Issue 38's goal is 136 kB on every route (a stock React InstantSearch page on the same data)
 * and 120 kB where the route's own code allows; `bench/support/server.ts`'s `routeJavaScript` lists
 * the files. Measured on 2026-11-28, after TanStack Query left the first load and the shell kept only
 * what the entry or two of these routes use (decision 138): `/search` 145.7 (the search client loads
 * on intent), a car page 135.8 (its enquiry and price history load on intent, decision 134), home
 * 133.5 kB. The car page's budget is the goal itself. A content page (124.4) and the locations (125.7)
 * stand for the other routes: each once loaded the lead forms' code for a constant or a postcode rule,
 * the listing's shared chunk for a refusal's message (now in the shell), and a content page the form
 * pages' shared chunk for the trade-in's terms (now a chunk of their own).
 * The contact form (132.3, as careers and fleet) and the finance page (134.8) stand for the form pages,
 * measured on 2026-11-29 once they stopped loading the car page's rules, the finance page's, the
 * booking machine and its steps for a constant, the site form's view or a shared wiring module; the
 * trade-in wizard (135.2) since the site forms' definitions left its lead-sending code and its screens
 * after Step One load on intent.
 */
const ROUTE_BUDGETS_KB = {
  '/search': 146.1,
  '/cars/{slug}': 136.0,
  '/': 133.9,
  '/about-us': 124.9,
  '/dealerships': 126.2,
  '/contact-us': 132.8,
  '/finance': 135.3,
  '/trade-in': 135.5,
} as const;

test('each route stays within its JavaScript budget on first load (/search 146.1 kB, a car page 136 kB, home 133.9 kB, a content page 124.9 kB, the locations 126.2 kB, the contact form 132.8 kB, the finance page 135.3 kB, the trade-in wizard 135.5 kB)', async ({
  request,
}) => {
  const host = `bayside-mazda.localhost:${E2E_PORT}`;
  const get = async (path: string) => {
    const { url, headers } = nodeRequest(host, path);
    const response = await request.get(url, { headers });
    expect(response.status(), path).toBe(200);
    return { body: await response.body() };
  };
  const car = await new VehicleFinder(request, 'bayside-mazda').carForSale(false);
  if (!car) throw new Error('Bayside Mazda has no car for sale');
  const paths = {
    '/search': '/search',
    '/cars/{slug}': `/cars/${car.car.slug}`,
    '/': '/',
    '/about-us': '/about-us',
    '/dealerships': '/dealerships',
    '/contact-us': '/contact-us',
    '/finance': '/finance',
    '/trade-in': '/trade-in',
  };
  for (const [route, budget] of Object.entries(ROUTE_BUDGETS_KB) as [keyof typeof paths, number][]) {
    const js = await routeJavaScript({ get }, paths[route]);
    expect(js.files.length).toBeGreaterThan(1);
    const sizes = js.files.map((file) => `${file.src} ${(file.gzipBytes / 1024).toFixed(1)} kB`).join(', ');
    const brotli = `${(js.brotliBytes / 1024).toFixed(1)} kB in Brotli`;
    // Soft: one run reports every route over its budget, not only the first.
    expect.soft(js.gzipBytes / 1024, `${route} JavaScript: ${sizes} (${brotli})`).toBeLessThanOrEqual(budget);
  }
});

test("a shopper's browser downloads the route's scripts and styles in Brotli, kept a year (decision 135)", async ({
  page,
}) => {
  const assets: { file: string; encoding?: string; cache?: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.startsWith('/assets/')) return;
    const headers = await response.allHeaders();
    assets.push({
      file: new URL(response.url()).pathname,
      encoding: headers['content-encoding'],
      cache: headers['cache-control'],
      bytes: Number(headers['content-length']),
    });
  });
  await page.goto(`http://bayside-mazda.localhost:${E2E_PORT}/search`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => assets.filter((asset) => asset.file.endsWith('.js')).length).toBeGreaterThan(3);
  const scriptsAndStyles = assets.filter((asset) => /\.(js|css)$/.test(asset.file));
  expect(scriptsAndStyles.length).toBeGreaterThan(4);
  for (const asset of scriptsAndStyles) {
    expect(asset, asset.file).toMatchObject({ encoding: 'br', cache: 'public, max-age=31536000, immutable' });
    expect(asset.bytes, asset.file).toBeGreaterThan(0);
  }
});

test.describe('security', () => {
  test('pages carry a strict CSP and the other security headers', async ({ request }) => {
    const { url, headers } = nodeRequest(`bayside-mazda.localhost:${E2E_PORT}`, '/');
    const response = await request.get(url, { headers });
    const csp = response.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    const html = await response.text();
    const moduleScript = /<script type="module"[^>]*>/.exec(html)?.[0] ?? '';
    expect(moduleScript).toContain(`nonce="${nonce}"`);
    expect(html).not.toContain('__FORECOURT_CSP_NONCE__');
  });

  test('no secret appears in /api/site or in the page HTML', async ({ request }) => {
    for (const site of demoSites) {
      const host = `${site.slug}.localhost:${E2E_PORT}`;
      const api = await (await request.get(nodeRequest(host, '/api/site').url, { headers: { host } })).text();
      const html = await (await request.get(nodeRequest(host, '/').url, { headers: { host } })).text();
      for (const value of Object.values(secrets())) {
        expect(api).not.toContain(value);
        expect(html).not.toContain(value);
      }
    }
  });

  test('/api/site answers the public config with the search connection', async ({ request }) => {
    const site = demoSites[1] ?? demoSites[0];
    if (!site) throw new Error('no demo sites');
    const host = `${site.slug}.localhost:${E2E_PORT}`;
    const body = await (await request.get(nodeRequest(host, '/api/site').url, { headers: { host } })).json();
    expect(body).toMatchObject({ slug: site.slug, name: site.name, template: site.template });
    expect(body.dealerships).toHaveLength(site.dealerships.length);
    expect(body.search_connection).toMatchObject({
      appId: 'forecourt',
      host: `${host}/search-api`,
      indices: { cars: 'cars' },
    });
    expect(body.search_connection.apiKey.length).toBeGreaterThan(40);
    expect(body.domains).toBeUndefined();
  });
});

test.describe('route code splitting (decision 070)', () => {
  test("a page modulepreloads its own chunk, not other routes'; the car page's chunk arrives when the pointer reaches a link to a car", async ({
    page,
    request,
  }) => {
    const { url, headers } = nodeRequest(`localhost:${E2E_PORT}`, '/search');
    const html = await (await request.get(url, { headers })).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (match) => match[1] ?? '',
    );
    expect(preloads.some((href) => /\/assets\/search-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(preloads.some((href) => href.includes('vehicle-page'))).toBe(false);

    const scripts: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
    });
    await page.goto(`http://localhost:${E2E_PORT}/search`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(scripts.some((path) => path.includes('search-page'))).toBe(true);
    const vehicleChunk = () => scripts.some((path) => path.includes('vehicle-page'));
    expect(vehicleChunk()).toBe(false);
    expect(
      scripts.some((path) => path.includes('/sonner-')),
      'the toaster before any toast',
    ).toBe(false);
    // The car page's code loads on the shopper's intent: the pointer over a link to a car.
    const link = page.getByTestId('car-card').first().getByRole('link').first();
    await link.hover();
    await expect.poll(vehicleChunk).toBe(true);
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/cars\//);
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('pages asked together, which render on the render threads, read as the same pages asked alone (decision 136)', async () => {
  const host = `harbour-auto-group.localhost:${E2E_PORT}`;
  // Node's own client, one connection a request: every request is on the server's sockets at once.
  const get = (path: string) =>
    new Promise<string>((resolve, reject) => {
      httpGet({ host: '127.0.0.1', port: E2E_PORT, path, headers: { host }, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString();
          if (response.statusCode === 200) resolve(body);
          else reject(new Error(`${path}: ${response.statusCode} ${body.slice(0, 200)}`));
        });
      }).on('error', reject);
    });
  const listing = await get('/search');
  const cars = [...new Set([...listing.matchAll(/href="(\/cars\/[^"?]+)"/g)].map((match) => match[1] ?? ''))];
  expect(cars.length).toBeGreaterThanOrEqual(6);
  // A query of its own makes each answer a render rather than a kept page; six car pages and a
  // listing asked at once render in a crowd, on the render thread.
  const paths = [...cars.slice(0, 6), '/search?sortBy=cars_price_asc'];
  const run = `${Date.now()}`;
  const asked = (path: string, token: string) => `${path}${path.includes('?') ? '&' : '?'}t=${token}${run}`;
  const together = await Promise.all(paths.map((path, i) => get(asked(path, `a${i}`))));
  const comparable = (html: string) =>
    html
      .replace(/t(=|%3D)[ab]\d+/g, 't=…')
      .replace(/nonce="[^"]*"/g, 'nonce=""')
      // The browser's search key carries the second it was made in; a search, how long it took.
      .replace(/"apiKey":"[^"]*"/g, '"apiKey":"…"')
      .replace(/"processingTimeMS":\d+/g, '"processingTimeMS":…')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/g, 'time');
  for (const [i, path] of paths.entries()) {
    const alone = await get(asked(path, `b${i}`));
    const [a, b] = [comparable(together[i] ?? ''), comparable(alone)];
    // Where they part, with some context either side: a readable failure, not two whole documents.
    let at = 0;
    while (at < a.length && a[at] === b[at]) at += 1;
    expect(a.slice(Math.max(0, at - 120), at + 120), path).toBe(b.slice(Math.max(0, at - 120), at + 120));
  }
});

test('SIGTERM drains a request in progress, refuses new ones and exits with code 0', async ({ request }) => {
  // Starts a second server: three times the (load-stretched) limit.
  test.slow();
  const port = E2E_PORT + 1000;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts', '--no-build'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATA_DIR: `${E2E_DATA_DIR}-sigterm`,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  await expect
    .poll(
      async () => (await request.get(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status(),
      { timeout: stretched(30_000) },
    )
    .toBe(200);

  // A search whose body arrives in two parts: the server is mid-request when SIGTERM lands.
  const body = JSON.stringify({ requests: [{ indexName: 'cars', query: '', hitsPerPage: 1 }] });
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((done) => socket.once('connect', () => done()));
  const answer = new Promise<string>((done) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += String(chunk);
    });
    socket.on('close', () => done(text));
  });
  socket.write(
    `POST /search-api/1/indexes/*/queries?x-algolia-application-id=forecourt&x-algolia-api-key=${secretsOf(`${E2E_DATA_DIR}-sigterm`).searchKey} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: text/plain\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  // Nothing outside the server shows that it has read the headers: give it a moment, stretched on a
  // busy machine (the one wait on the clock in the suite).
  await new Promise((done) => setTimeout(done, stretched(300)));
  child.kill('SIGTERM');
  await expect.poll(() => output).toContain('Shutting down');
  await expect(request.get(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  socket.write(body.slice(10));
  expect(await answer).toMatch(/^HTTP\/1\.1 200/);
  expect(await exited).toBe(0);
});
