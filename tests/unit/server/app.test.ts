import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { homeRoutes } from '../../../server/api/home.routes.ts';
import { createApp } from '../../../server/app.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import type { PageRenderer } from '../../../server/render/renderer.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import { render } from '../../../views/app/entry-server.tsx';

const template = readFileSync('index.html', 'utf8');
const renderer: PageRenderer = { template: async () => template, render };
const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-app-'));
const secrets = loadSecrets(dataDir);
const demoSites = loadTenants();

/** The store's make logos as the server hands them to the app (Mazda has one; Chery none). */
const makeLogos = () => ({ Mazda: '/media/makes/mazda.svg' });

function appWith(sites: SiteConfig[] = demoSites) {
  return createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DEFAULT_TENANT: 'bayside-mazda' }),
    sites,
    secrets,
    renderer,
    logger: createLogger({ quiet: true }),
    apiRoutes: [homeRoutes()],
    makeLogos,
  });
}

const get = (path: string, host: string) => appWith().request(path, { headers: { host } });

function bootOf(html: string) {
  const json = /<script type="application\/json" id="forecourt-boot">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no boot block');
  return JSON.parse(json);
}

describe('server-rendered shell (issue 2 §4)', () => {
  it.each(demoSites.map((s) => [s.slug, s] as const))(
    '%s: the home page arrives rendered, themed and with its settled snapshot',
    async (slug, site) => {
      const response = await get('/', `${slug}.localhost:3000`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`data-panda-theme="${slug}"`);
      expect(html).toContain(`<title>${`${site.name} | ${site.tagline}`.replace(/&/g, '&amp;')}</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]+"/);
      expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/"/);
      expect(html).toContain('"@type":"AutoDealer"');
      const boot = bootOf(html);
      expect(boot.page).toMatchObject({
        id: 'home',
        url: '/',
        snapshot: { status: 'active', value: 'ready' },
      });
      expect(boot.page.snapshot.context.data.content.name).toBe(site.name);
      expect(boot.site.slug).toBe(slug);
    },
  );

  it('the canonical URL uses the dealer’s custom domain when it has one', async () => {
    const site = demoSites.find((s) => s.domains.length > 0);
    const html = await (await get('/', `${site?.slug}.localhost:3000`)).text();
    expect(html).toContain(`<link rel="canonical" href="https://${site?.domains[0]}/"`);
  });

  it('an unknown path is a 404 page with the dealer’s shell', async () => {
    const response = await get('/no/such/page', 'metro-used.localhost');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page not found');
    expect(html).toContain('Metro Used Cars');
  });

  it('an unknown host gets "Site not found" (404) without any dealer data', async () => {
    const response = await get('/', 'someone-else.localhost:3000');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Site not found');
    for (const site of demoSites) expect(html).not.toContain(site.name);
  });

  it('hostile dealer text is escaped in the head and cannot close the boot block', async () => {
    const base = demoSites[0] as SiteConfig;
    const hostile: SiteConfig = {
      ...base,
      tagline: '</script><script>alert(1)</script> $& \u2028',
      description: '"><img src=x onerror=alert(1)>',
    };
    const response = await appWith([hostile]).request('/', { headers: { host: `${base.slug}.localhost` } });
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(bootOf(html).site.tagline).toBe(hostile.tagline);
  });
});

describe('public site config (issue 2 §3)', () => {
  it('GET /api/site answers the public config with switches and the search connection, never a secret', async () => {
    const response = await get('/api/site', 'harbour-auto-group.localhost:3000');
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
    const site = JSON.parse(text);
    expect(site).toMatchObject({ slug: 'harbour-auto-group', template: 'group' });
    expect(site.locations.length).toBeGreaterThan(1);
    expect(typeof site.features).toBe('object');
    expect(site.make_logos).toEqual({ Mazda: '/media/makes/mazda.svg' });
    expect(site.search_connection).toMatchObject({
      appId: 'forecourt',
      host: 'harbour-auto-group.localhost:3000/search-api',
      protocol: 'http',
      replicas: {
        relevant: 'cars',
        latest: 'cars_latest',
        priceDesc: 'cars_price_desc',
        priceAsc: 'cars_price_asc',
        priceDrop: 'cars_price_drop',
      },
    });
  });

  it('GET /api/home answers the dealer’s locations', async () => {
    const home = await (await get('/api/home', 'outback-rv.localhost')).json();
    expect(home.name).toBe('Outback RV & Motorcycles');
    expect(home.locations.length).toBeGreaterThan(0);
  });

  it('an unknown API route answers the house error form', async () => {
    const response = await get('/api/nothing-here', 'bayside-mazda.localhost');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'No API route GET /api/nothing-here' },
    });
  });

  it('pages are sent gzipped to a client that accepts it, and plain to one that does not', async () => {
    const app = appWith();
    const gzipped = await app.request('/', {
      headers: { host: 'harbour-auto-group.localhost', 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const plain = await app.request('/', { headers: { host: 'harbour-auto-group.localhost' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('Harbour Auto Group');
  });

  it('security headers are on every answer', async () => {
    const response = await get('/api/site', 'bayside-mazda.localhost');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('page status from the machine (server-rendering guide)', () => {
  it('a failing home loader renders the failed state with status 500', async () => {
    const app = appWith();
    const site = await (
      await app.request('/api/site', { headers: { host: 'bayside-mazda.localhost' } })
    ).json();
    const result = await render({
      site,
      path: '/',
      search: '',
      origin: 'http://bayside-mazda.localhost',
      fetch: async () =>
        new Response(JSON.stringify({ error: { code: 'boom', message: 'Home is down' } }), { status: 503 }),
    });
    expect(result.status).toBe(500);
    expect(result.boot.page.snapshot).toMatchObject({ value: 'failed', context: { error: 'Home is down' } });
    expect(result.html).toContain('Try again');
  });
});
