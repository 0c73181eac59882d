import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../../server/api/routes.ts';
import { createApp } from '../../../server/app.ts';
import { openBackends } from '../../../server/backends.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';

/**
 * The demo dealers' pages as the server renders them (issue 31 items 11 and 21): every page a
 * dealer's link map names, the words its pages use of the dealer, and what a dealer without a
 * watchlist or online sales shows. The whole app — its search endpoint and seeded store included —
 * answers in-process.
 */
const sites = loadTenants();
let app: ReturnType<typeof createApp>;
let close: () => Promise<void>;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-dealer-content-'));
  const env = readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' });
  const secrets = loadSecrets(dataDir);
  const logger = createLogger({ quiet: true });
  const backends = await openBackends(env, sites, secrets, logger);
  close = backends.close;
  app = createApp({
    env,
    sites,
    secrets,
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger,
    mounts: backends.mounts,
    apiRoutes: apiRoutes({ db: backends.db }),
    makeLogos: backends.makeLogos,
    modelRange: backends.modelRange,
  });
}, 120_000);
afterAll(async () => {
  await close?.();
});

/** A page as the server renders it, React's text separators (`<!-- -->`) dropped. */
async function page(slug: string, path: string) {
  const response = await app.request(`http://${slug}.localhost${path}`, {
    headers: { host: `${slug}.localhost` },
  });
  return {
    status: response.status,
    location: response.headers.get('location') ?? '',
    body: (await response.text()).replaceAll('<!-- -->', ''),
  };
}

/** The page at `path`, after the redirects a browser would follow (a dealer's own finance route). */
async function pageAfterRedirects(slug: string, path: string) {
  let response = await page(slug, path);
  for (let hops = 0; hops < 3 && response.status >= 300 && response.status < 400; hops++) {
    if (!response.location.startsWith('/')) break;
    response = await page(slug, response.location);
  }
  return response;
}

describe("the link maps (decision 095, 108): every entry is a page of that dealer's", () => {
  for (const site of sites) {
    it(`${site.name}: each path its map names answers a page, never a 404`, async () => {
      const dead: string[] = [];
      for (const [key, path] of Object.entries(site.links)) {
        const response = await pageAfterRedirects(site.slug, path);
        if (response.status !== 200) dead.push(`${key} ${path} → ${response.status}`);
      }
      expect(dead).toEqual([]);
    });
  }

  it('the pages written for the maps say what they are, in the dealer’s own words', async () => {
    const preApproval = await page('bayside-mazda', '/finance-pre-approval');
    expect(preApproval.body).toContain('<title>Finance pre-approval | Bayside Mazda');
    expect(preApproval.body).toContain('href="/finance#finance-form"');
    expect((await page('outback-rv', '/diamond-advantage')).body).toContain('<title>Diamond Advantage |');
    expect((await page('metro-used', '/buying')).body).toContain('<title>Buying a car with us |');
    // Another dealer has not written that page: it is not found there.
    expect((await page('metro-used', '/diamond-advantage')).status).toBe(404);
  });
});

describe("a dealer's name in the possessive (issue 31 item 21)", () => {
  it('Outback RV & Motorcycles’ pages never say “Motorcycles’s”', async () => {
    for (const path of ['/finance-enquiry', '/dealerships', '/pages/value-my-car-terms-and-conditions']) {
      const body = (await page('outback-rv', path)).body;
      expect(body, path).not.toMatch(/Motorcycles(&#x27;|&#39;|')s\b/);
    }
    expect((await page('outback-rv', '/finance-enquiry')).body).toMatch(
      /Outback RV &amp; Motorcycles(&#x27;|&#39;|') finance team/,
    );
  });
});

describe('a dealer without a watchlist (issue 31 item 21)', () => {
  it('Outback’s favourites storage is off: no Watchlist link in its header, and no watchlist page', async () => {
    const home = await page('outback-rv', '/');
    expect(home.status).toBe(200);
    expect(home.body).not.toContain('href="/watchlist"');
    expect((await page('outback-rv', '/watchlist')).status).toBe(404);
    // Where shoppers can save cars, the header links the watchlist.
    expect((await page('bayside-mazda', '/')).body).toContain('href="/watchlist"');
    expect((await page('bayside-mazda', '/watchlist')).status).toBe(200);
  });
});

describe('the checkout journey on a dealer that does not sell online (issue 31 item 21)', () => {
  it('says the dealer does not sell cars online and links the car — not that the car is no longer for sale', async () => {
    const response = await page('bayside-mazda', '/checkout-journey?car_id=2022-mazda-cx-5-maxx-10110001');
    expect(response.status).toBe(404);
    expect(response.body).toContain('Bayside Mazda does not sell cars online.');
    expect(response.body).toContain('href="/cars/2022-mazda-cx-5-maxx-10110001"');
    expect(response.body).not.toContain('not for sale');
  });
});
