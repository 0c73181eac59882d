import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { SVG_CSP } from '../../../server/render/brand-routes.ts';
import { renderDocument } from '../../../server/render/document.ts';
import type { PageRenderer } from '../../../server/render/renderer.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import type { RunningServer } from '../../../server/server.ts';
import { loadTenantBrands, TenantBrandError } from '../../../server/tenants/brand.ts';
import { DEFAULT_TENANTS_DIR, loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { imageFixture, pngFile } from '../../fixtures/images.ts';
import { serveAddedDealer } from './added-dealer.ts';

/**
 * A dealer's brand from its folder (issue 35 item 5): logo, favicon, touch icon and share image,
 * checked at start, served on the dealer's own host with the right type and headers, and linked
 * from its pages; a dealer without them shows its name. A hostile SVG stops start-up, naming it.
 */
const template = readFileSync('index.html', 'utf8');
const renderer: PageRenderer = { template: async () => template, render };
const dataDir = mkdtempSync(join(tmpdir(), 'fc-brand-'));
const demoSites = loadTenants();
const demoBrands = loadTenantBrands(demoSites);

const app = createApp({
  env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DEFAULT_TENANT: 'bayside-mazda' }),
  sites: demoSites,
  secrets: loadSecrets(dataDir),
  renderer,
  logger: createLogger({ quiet: true }),
  brands: demoBrands,
});
const get = (slug: string, path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { host: `${slug}.localhost:3000`, ...headers } });
const logoOf = (slug: string) => demoBrands.get(slug)?.logo?.src ?? '(none)';

/** A copy of one demo dealer's folder in a fresh tenants folder, with `files` written into it. */
function dealerWith(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fc-brand-tenants-'));
  mkdirSync(join(dir, 'metro-used'));
  writeFileSync(
    join(dir, 'metro-used', 'site.json'),
    readFileSync(join(DEFAULT_TENANTS_DIR, 'metro-used', 'site.json')),
  );
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, 'metro-used', name), bytes);
  return dir;
}
const loadError = (files: Record<string, string | Buffer>): TenantBrandError => {
  const dir = dealerWith(files);
  try {
    loadTenantBrands(loadTenants(dir), dir);
  } catch (error) {
    if (error instanceof TenantBrandError) return error;
    throw error;
  }
  throw new Error('the brand files loaded');
};
const svg = (inside: string, root = 'viewBox="0 0 100 20"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${root}>${inside}</svg>`;

describe('the demo dealers: two with a logo, two with their name', () => {
  it('Bayside Mazda and Outback RV have a logo (Bayside a favicon too); the others have none', () => {
    expect([...demoBrands.keys()].sort()).toEqual(['bayside-mazda', 'outback-rv']);
    expect(demoBrands.get('bayside-mazda')?.logo).toMatchObject({ width: 240, height: 40 });
    expect(demoBrands.get('bayside-mazda')?.head.icon?.type).toBe('image/svg+xml');
    expect(demoBrands.get('outback-rv')?.head.icon).toBeNull();
  });

  it('a dealer with a logo: its header shows the logo with its name as the text, and its pages link its favicon', async () => {
    const html = await (await get('bayside-mazda', '/')).text();
    expect(html).toContain(
      `<img src="${logoOf('bayside-mazda')}" alt="Bayside Mazda" width="240" height="40"`,
    );
    expect(html).toMatch(
      /<link rel="icon" href="\/brand\/favicon\.svg\?v=[0-9a-f]{12}" type="image\/svg\+xml" \/>/,
    );
    expect(html).not.toContain('href="data:,"');
    expect(html).toContain(`"logo":{"src":"${logoOf('bayside-mazda')}"`);
  });

  it('a dealer without: its name as before, an empty favicon (no request for /favicon.ico), no share image', async () => {
    const html = await (await get('metro-used', '/')).text();
    expect(html).not.toContain('/brand/');
    expect(html).toContain('<link rel="icon" href="data:," />');
    expect(html).not.toContain('og:image');
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Metro Used Cars<\/a>/);
  });
});

describe('brand files are served on the dealer’s own host', () => {
  it('an SVG: its type, a CSP that allows no script, nosniff, and a year’s cache at its versioned address', async () => {
    const response = await get('bayside-mazda', logoOf('bayside-mazda'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toBe(SVG_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(
      readFileSync(join(DEFAULT_TENANTS_DIR, 'bayside-mazda', 'logo.svg'), 'utf8'),
    );
  });

  it('its plain address is revalidated by its ETag; the pages keep their own CSP', async () => {
    const plain = await get('bayside-mazda', '/brand/logo.svg');
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    const etag = plain.headers.get('etag') ?? '';
    expect((await get('bayside-mazda', '/brand/logo.svg', { 'if-none-match': etag })).status).toBe(304);
    const page = await get('bayside-mazda', '/');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);
  });

  it('each dealer answers its own: another dealer’s logo address is a short 404, not a page', async () => {
    const outback = await get('outback-rv', '/brand/logo.svg');
    expect(await outback.text()).toBe(
      readFileSync(join(DEFAULT_TENANTS_DIR, 'outback-rv', 'logo.svg'), 'utf8'),
    );
    const metro = await get('metro-used', '/brand/logo.svg');
    expect(metro.status).toBe(404);
    expect(await metro.text()).toBe('Not found');
  });

  it('/favicon.ico leads to the dealer’s favicon; without one it is a short 404', async () => {
    const bayside = await get('bayside-mazda', '/favicon.ico');
    expect(bayside.status).toBe(302);
    expect(bayside.headers.get('location')).toMatch(/^\/brand\/favicon\.svg\?v=/);
    const metro = await get('metro-used', '/favicon.ico');
    expect(metro.status).toBe(404);
    expect(metro.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await get('metro-used', '/apple-touch-icon.png')).status).toBe(404);
  });
});

describe('a raster logo, a touch icon and a share image', () => {
  const dir = dealerWith({
    'logo.png': pngFile(false),
    'favicon.png': pngFile(false),
    'apple-touch-icon.png': pngFile(false),
    'share.jpg': imageFixture('photo.jpg'),
  });
  const sites = loadTenants(dir);
  const brands = loadTenantBrands(sites, dir);
  const rasterApp = createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DEFAULT_TENANT: 'metro-used' }),
    sites,
    secrets: loadSecrets(dataDir),
    renderer,
    logger: createLogger({ quiet: true }),
    brands,
  });
  const fetchHere = (path: string) => rasterApp.request(path, { headers: { host: 'localhost' } });

  it('the PNG logo keeps its proportions in the header; the head links the icons and the share image, absolute', async () => {
    expect(brands.get('metro-used')?.logo).toMatchObject({ width: 16, height: 16 });
    const html = await (await fetchHere('/')).text();
    expect(html).toMatch(
      /<img src="\/brand\/logo\.png\?v=[0-9a-f]{12}" alt="Metro Used Cars" width="40" height="40"/,
    );
    expect(html).toMatch(/<link rel="apple-touch-icon" href="\/brand\/apple-touch-icon\.png\?v=/);
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/[^"]+\/brand\/share\.jpg\?v=[0-9a-f]{12}" \/>/,
    );
  });

  it('each is served with its own type; the conventional addresses answer the files', async () => {
    expect((await fetchHere('/brand/share.jpg')).headers.get('content-type')).toBe('image/jpeg');
    const touch = await fetchHere('/apple-touch-icon.png');
    expect(touch.headers.get('content-type')).toBe('image/png');
    expect(touch.headers.get('content-security-policy')).not.toBe(SVG_CSP);
    expect((await fetchHere('/favicon.ico')).headers.get('location')).toMatch(/^\/brand\/favicon\.png\?v=/);
  });

  it('a page with its own picture shares that one, not the dealer’s', () => {
    const html = renderDocument('<!--app-head-->', {
      nonce: 'n',
      theme: 'metro-used',
      origin: 'https://metro.example',
      head: {
        title: 'A car',
        description: 'A car',
        status: 200,
        canonicalPath: '/cars/a',
        image: '/media/a.svg',
      },
      html: '',
      boot: { site: { name: 'Metro' } as never, page: { id: 'vehicle', url: '/cars/a', snapshot: null } },
      brand: brands.get('metro-used')?.head,
    });
    expect(html).toContain('<meta property="og:image" content="https://metro.example/media/a.svg" />');
  });
});

describe('a brand file that cannot be served stops start-up, naming the file and the problem', () => {
  it.each([
    ['a script', svg('<script>alert(1)</script>'), /has a <script> element/],
    [
      'an event attribute',
      svg('<rect width="1" height="1"/>', 'viewBox="0 0 1 1" onload="alert(1)"'),
      /event attribute onload/,
    ],
    ['a foreignObject', svg('<foreignObject><p>hi</p></foreignObject>'), /has a <foreignObject> element/],
    [
      'an image from elsewhere',
      svg('<image href="https://evil.example/x.png"/>'),
      /refers to another resource: "https:\/\/evil/,
    ],
    [
      'a javascript: link',
      svg('<a xlink:href="javascript:alert(1)"><text>x</text></a>'),
      /refers to another resource: "javascript/,
    ],
    [
      'an encoded javascript: link',
      svg('<a href="&#106;avascript:alert(1)"><text>x</text></a>'),
      /refers to another resource/,
    ],
    [
      'an animation that rewrites a link',
      svg('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>'),
      /has a <set> element/,
    ],
    [
      'a stylesheet from elsewhere',
      svg('<style>@import url(https://evil.example/a.css);</style>'),
      /imports another file/,
    ],
    [
      'a CSS url() from elsewhere',
      svg('<rect style="fill: url(https://evil.example/p)"/>'),
      /refers to another resource: url\(https/,
    ],
    [
      'a stylesheet instruction',
      `<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/a.css"?>${svg('')}`,
      /processing instruction/,
    ],
    [
      'a DOCTYPE with entities',
      `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('&x;')}`,
      /not well-formed SVG: a DOCTYPE/,
    ],
    [
      'the XHTML namespace',
      svg('<g xmlns:h="http://www.w3.org/1999/xhtml"><h:iframe/></g>'),
      /XHTML namespace/,
    ],
    ['no size', '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', /needs a viewBox/],
    ['HTML, not SVG', '<html><body>hi</body></html>', /its root is <html>, not <svg>/],
  ])('an SVG logo with %s', (_, text, problem) => {
    const error = loadError({ 'logo.svg': text });
    expect(error.message).toMatch(/Invalid brand file \S*metro-used\/logo\.svg:/);
    expect(error.message).toMatch(problem);
  });

  it('a harmless drawing with gradients, in-file references and a title loads', () => {
    const text = svg(
      '<title>Metro</title><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<rect width="100" height="20" fill="url(#g)"/><use href="#g"/><text>Metro &amp; Co</text>',
    );
    const dir = dealerWith({ 'logo.svg': text });
    expect(loadTenantBrands(loadTenants(dir), dir).get('metro-used')?.logo).toMatchObject({
      width: 100,
      height: 20,
    });
  });

  it.each([
    [
      'a PNG name with JPEG bytes',
      { 'logo.png': imageFixture('photo.jpg') },
      /logo\.png:\n {2}- is not PNG: its bytes are JPEG/,
    ],
    [
      'an SVG name with PNG bytes',
      { 'favicon.svg': pngFile(false) },
      /favicon\.svg:\n {2}- is not an SVG: its bytes are PNG/,
    ],
    [
      'a logo over its ceiling',
      { 'logo.svg': svg(`<!--${'x'.repeat(210 * 1024)}-->`) },
      /is 211 kB; a logo may be at most 200 kB/,
    ],
    [
      'two logos',
      { 'logo.png': pngFile(false), 'logo.svg': svg('') },
      /logo\.svg:\n {2}- a logo is already given by logo\.png/,
    ],
    [
      'a logo under a name the server does not read',
      { 'logo.jpg': imageFixture('photo.jpg') },
      /logo\.jpg:\n {2}- is not a brand file this server reads/,
    ],
    ['an empty share image', { 'share.png': '' }, /share\.png:\n {2}- is empty/],
  ])('%s', (_, files, problem) => {
    expect(loadError(files).message).toMatch(problem);
  });
});

describe('a dealer folder added with a logo is served without a rebuild', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await serveAddedDealer(renderer, (dealer) =>
      writeFileSync(join(dealer, 'logo.svg'), svg('<rect width="100" height="20" fill="#0E5A8A"/>')),
    );
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('its home page shows the logo, and the logo is served from its folder', async () => {
    const page = await (await fetch(`http://127.0.0.1:${server.port}/`)).text();
    const src =
      /<img src="(\/brand\/logo\.svg\?v=[0-9a-f]{12})" alt="Coastal Cars" width="200" height="40"/.exec(
        page,
      )?.[1];
    expect(src).toBeDefined();
    const logo = await fetch(`http://127.0.0.1:${server.port}${src}`);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(await logo.text()).toContain('#0E5A8A');
  });
});
