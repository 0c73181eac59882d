import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SitePageAnswer } from '../../../domain/contracts/pages.ts';
import type { MarkdownToken } from '../../../domain/markdown-tokens.ts';
import { loadSitePages, SitePageError } from '../../../server/content/site-pages.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { type AccountServer, CARS, seedAccountCars, startAccountServer } from './watchlist-test-server.ts';

/**
 * The dealers' own pages (issue 18 item 7): Markdown in each tenant folder, sent as checked marked
 * tokens (issue 32 item 6) and rendered by the browser's views.
 */

/** Every text and link of a page's tokens, in order. */
function wordsOf(tokens: readonly MarkdownToken[] | undefined): string[] {
  return (tokens ?? []).flatMap((token): string[] => {
    if (token.type === 'link') return [`[${wordsOf(token.tokens).join('')}](${token.href})`];
    if (token.type === 'list') return token.items.flatMap((item) => wordsOf(item.tokens));
    if ('tokens' in token && token.tokens) return wordsOf(token.tokens);
    return 'text' in token ? [token.text] : [];
  });
}

/** A page answer of one kind (the test fails on another). */
function as<K extends SitePageAnswer['kind']>(page: SitePageAnswer, kind: K) {
  expect(page.kind).toBe(kind);
  return page as Extract<SitePageAnswer, { kind: K }>;
}

function tenantsWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-pages-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, 'demo', 'pages'), { recursive: true });
    writeFileSync(join(dir, 'demo', 'pages', name), text);
  }
  return dir;
}

describe('loading the dealers’ pages', () => {
  it('every demo dealer has its own about-us, terms, privacy, warranty, roadside and parts pages', () => {
    const pages = loadSitePages();
    for (const site of loadTenants()) {
      const own = pages.get(site.slug);
      for (const path of [
        '/about-us',
        '/terms-and-conditions',
        '/privacy-policy',
        '/warranty',
        '/roadside-assist',
        '/vehicle-parts-and-accessories',
      ]) {
        expect(own?.get(path)?.tokens.length, `${site.slug} ${path}`).toBeGreaterThan(0);
      }
      expect(wordsOf(own?.get('/about-us')?.tokens).join('')).toContain(site.name);
    }
  });

  it('raw HTML and javascript: links in a page are shown as text, never run', () => {
    const dir = tenantsWith({
      'about-us.md':
        '---\ntitle: About\ndescription: About us\npath: /about-us\n---\n<script>alert(1)</script>\n\n[click](javascript:alert(1)) [ok](/contact-us)\n',
    });
    const tokens = loadSitePages(dir).get('demo')?.get('/about-us')?.tokens ?? [];
    // The raw HTML is a text token (the browser shows it as text); no token is HTML.
    expect(JSON.stringify(tokens)).not.toContain('"type":"html"');
    expect(wordsOf(tokens)).toContain('<script>alert(1)</script>');
    expect(JSON.stringify(tokens)).not.toContain('javascript:');
    expect(wordsOf(tokens)).toContain('click');
    expect(wordsOf(tokens)).toContain('[ok](/contact-us)');
  });

  it('a page without its title, or for a path that is not a content route, stops start-up naming the file', () => {
    expect(() => loadSitePages(tenantsWith({ 'x.md': 'no front matter' }))).toThrow(SitePageError);
    expect(() =>
      loadSitePages(tenantsWith({ 'x.md': '---\ntitle: X\ndescription: X\npath: /cars/x\n---\nHi' })),
    ).toThrow(/not one of the content routes/);
  });
});

let db: Db;
let server: AccountServer;
beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  server = await startAccountServer(db);
});
afterAll(async () => {
  await server?.close();
  await db?.close();
});

describe('GET /api/pages and the page on a first load', () => {
  it('answers the dealer’s own page; another path or a page it has not written is a 4xx', async () => {
    const about = await server.request('metro-used', '/api/pages?path=%2Fabout-us');
    expect(about.status).toBe(200);
    expect(wordsOf(as(about.json<SitePageAnswer>(), 'markdown').tokens).join('')).toContain(
      'Metro Used Cars',
    );
    // A used-car dealer has no model range: that route is not found there.
    expect((await server.request('metro-used', '/api/pages?path=%2Fmodels')).status).toBe(404);
    expect((await server.request('metro-used', '/api/pages?path=%2Fetc%2Fpasswd')).status).toBe(400);
  });

  it('renders on the server with its title; a page the dealer does not have is a 404 page', async () => {
    const page = await server.request('outback-rv', '/warranty', { bare: true });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Warranty | Outback RV');
    expect(page.body).toContain('structural warranty');
    const missing = await server.request('metro-used', '/models', { bare: true });
    expect(missing.status).toBe(404);
  });
});

describe('pages written from the store', () => {
  it('special offers list only the promotions running now, on both paths; the model range groups models by body type', async () => {
    const { upsertPromotions } = await import('../../../server/store/promotions.repo.ts');
    const day = 86_400_000;
    const promotion = (id: number, title: string, from: number, to: number) => ({
      id,
      site_id: 101,
      dealership_ids: [],
      title,
      description: null,
      image: { url: '/media/promotions/x.svg' },
      link: '/search/new-cars',
      start_at: new Date(Date.now() + from * day).toISOString(),
      expires_at: new Date(Date.now() + to * day).toISOString(),
    });
    await upsertPromotions(db, [
      promotion(9901, 'Running <now>', -1, 5),
      promotion(9902, 'Expired sale', -10, -1),
      promotion(9903, 'Next month', 20, 40),
    ]);
    for (const path of ['/special-offers', '/offers']) {
      const page = (
        await server.request('bayside-mazda', `/api/pages?path=${encodeURIComponent(path)}`)
      ).json<SitePageAnswer>();
      const titles = as(page, 'offers').offers.map((offer) => offer.title);
      expect(titles).toContain('Running <now>');
      expect(titles).not.toContain('Expired sale');
      expect(titles).not.toContain('Next month');
    }
    const first = await server.request('bayside-mazda', '/special-offers', { bare: true });
    expect(first.status).toBe(200);
    expect(first.body).toContain('<title>Special offers | Bayside Mazda');
    // The view renders the answer's words as text: escaped, never markup.
    expect(first.body).toContain('Running &lt;now&gt;');
    expect(first.body).not.toContain('Running <now>');
  });

  it('/models groups the maker’s models by body type in the range’s order; ?body= shows one body type', async () => {
    const { catalogueMakes, catalogueModels } = await import('../../../server/seed/catalog-entities.ts');
    const { upsertMakes, upsertModels } = await import('../../../server/store/makes.repo.ts');
    await upsertMakes(db, catalogueMakes());
    await upsertModels(db, catalogueModels());
    const pageAt = async (query: string) => {
      const response = await server.request('bayside-mazda', `/api/pages?path=%2Fmodels${query}`);
      return { status: response.status, page: response.json<SitePageAnswer>() };
    };
    const all = await pageAt('');
    expect(all.status).toBe(200);
    const models = as(all.page, 'models');
    const headings = models.groups.map((group) => group.category);
    const order = ['SUVs', 'Utes', 'Cars', 'Hybrids', 'Sports'];
    expect(headings.length).toBeGreaterThan(1);
    expect(headings).toEqual(order.filter((category) => headings.includes(category)));
    const hrefs = models.groups.flatMap((group) => group.models.map((model) => model.href));
    expect(hrefs).toContain('/search/mazda/cx-5');
    expect(JSON.stringify(models.groups)).not.toMatch(/toyota/i);
    // The body types as a filter: each links to its own view of the range.
    expect(models.filter).toContainEqual({ label: 'SUVs', href: '/models?body=suvs', current: false });
    const suvs = await pageAt('&body=SUVs');
    expect(suvs.page.title).toBe('Our range: SUVs');
    const suvsRange = as(suvs.page, 'models');
    expect(suvsRange.groups.map((group) => group.category)).toEqual(['SUVs']);
    expect(suvsRange.filter).toContainEqual({ label: 'SUVs', href: '/models?body=suvs', current: true });
    // A body type this maker has none of shows the whole range; one that is not a word is refused.
    expect((await pageAt('&body=caravans')).page.title).toBe('Our range');
    expect((await pageAt('&body=%3Cscript%3E')).status).toBe(400);
    const served = await server.request('bayside-mazda', '/models?body=suvs', { bare: true });
    expect(served.status).toBe(200);
    expect(served.body).toContain('<title>Our range: SUVs | Bayside Mazda');
    expect(served.body).toMatch(/<a href="\/models\?body=suvs" aria-current="page">SUVs<\/a>/);
    expect(served.body).toContain('href="/search/mazda/cx-5"');
  });

  it('a promotion has its own page while it runs; once expired it says so and lists the offers running now', async () => {
    const pageAt = async (path: string, slug = 'bayside-mazda') => {
      const response = await server.request(slug, `/api/pages?path=${encodeURIComponent(path)}`);
      return { status: response.status, page: response.json<SitePageAnswer>() };
    };
    const list = await pageAt('/special-offers');
    expect(as(list.page, 'offers').offers.map((offer) => offer.path)).toContain('/special-offers/9901');
    const running = await pageAt('/special-offers/9901');
    expect(running.status).toBe(200);
    expect(running.page.title).toBe('Running <now>');
    expect(as(running.page, 'offer').see_the_offer).toBe('/search/new-cars');
    const expired = await pageAt('/special-offers/9902');
    expect(expired.status).toBe(200);
    expect(expired.page.title).toBe('Expired sale has ended');
    const ended = as(expired.page, 'offerEnded');
    expect(ended.ended).toMatch(/^\d{1,2} \w+ \d{4}$/);
    expect(ended.offers.map((offer) => offer.path)).toContain('/special-offers/9901');
    // Not started yet, another dealer's, unknown or malformed: not found, never a 5xx.
    expect((await pageAt('/special-offers/9903')).status).toBe(404);
    expect((await pageAt('/special-offers/9901', 'metro-used')).status).toBe(404);
    expect((await pageAt('/special-offers/123456')).status).toBe(404);
    expect((await pageAt('/special-offers/0')).status).toBe(400);
    const served = await server.request('bayside-mazda', '/special-offers/9902', { bare: true });
    expect(served.status).toBe(200);
    expect(served.body).toContain('<title>Expired sale has ended | Bayside Mazda');
    expect(served.body).toMatch(/This offer ended on \d{1,2} \w+ \d{4}\. Here are the offers running now\./);
    expect(served.body).toContain('href="/special-offers/9901"');
    expect((await server.request('bayside-mazda', '/special-offers/9903', { bare: true })).status).toBe(404);
    expect((await server.request('bayside-mazda', '/special-offers/nope', { bare: true })).status).toBe(404);
  });
});

describe('robots.txt and sitemap.xml (issue 18 item 8)', () => {
  it('robots.txt keeps crawlers out of the API and accounts and points to the dealer’s sitemap', async () => {
    const robots = await server.request('harbour-auto-group', '/robots.txt', { bare: true });
    expect(robots.status).toBe(200);
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /saved-searches');
    // The dealer console is staff only (issue 36).
    expect(robots.body).toContain('Disallow: /dealer');
    // The canonical origin: the dealer's own domain, as its pages' canonical links name it.
    expect(robots.body).toContain('Sitemap: https://www.harbourautogroup.com.au/sitemap.xml');
  });

  it('the sitemap lists the dealer’s pages and its cars for sale, not sold or hidden ones, as the stock is now', async () => {
    await seedAccountCars(db);
    const sitemap = await server.request('bayside-mazda', '/sitemap.xml', { bare: true });
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const path of [
      '/',
      '/search/used-cars',
      '/trade-in',
      '/finance',
      '/dealerships',
      '/about-us',
      '/models',
    ]) {
      expect(sitemap.body).toContain(`<loc>https://www.baysidemazda.com.au${path}</loc>`);
    }
    expect(sitemap.body).toContain(`/cars/2022-mazda-cx-5-maxx-${CARS.baysideInStock}</loc>`);
    expect(sitemap.body).not.toContain(`maxx-${CARS.baysideSold}<`);
    // The running promotion's page is listed; the ended and the future ones are not (earlier test's data).
    expect(sitemap.body).toContain('/special-offers/9901</loc>');
    expect(sitemap.body).not.toContain('/special-offers/9902<');
    expect(sitemap.body).not.toContain('/special-offers/9903<');
    expect(sitemap.body).not.toContain(`maxx-${CARS.baysideHidden}<`);
    expect(sitemap.body).not.toContain('rav4');
    // Bayside's menu does not offer the parts search; Harbour's does.
    expect(sitemap.body).not.toContain('/parts/search<');
    const harbour = await server.request('harbour-auto-group', '/sitemap.xml', { bare: true });
    expect(harbour.body).toContain('/parts/search</loc>');
  });
});

describe('a location’s own page (/locations/{slug})', () => {
  it('shows the location with its hours and contact, for search engines as an AutoDealer; an unknown one is a 404', async () => {
    const page = await server.request('bayside-mazda', '/locations/bayside-mazda-service', { bare: true });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<title>[^<]*Service[^<]*\| Bayside Mazda<\/title>/);
    expect(page.body).toContain('href="/contact-us/bayside-mazda-service"');
    expect(page.body).toContain('href="/dealerships"');
    const blocks = [
      ...page.body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
    ].map((match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>);
    expect(blocks.filter((block) => block['@type'] === 'AutoDealer')).toHaveLength(1);
    // Another dealer's location, or none at all: not found.
    expect(
      (await server.request('bayside-mazda', '/locations/metro-used-cars-highett', { bare: true })).status,
    ).toBe(404);
    expect((await server.request('bayside-mazda', '/locations/nowhere', { bare: true })).status).toBe(404);
    // The locations page links each location's page.
    const list = await server.request('bayside-mazda', '/dealerships', { bare: true });
    expect(list.body).toContain('href="/locations/bayside-mazda-sales"');
    const sitemap = await server.request('bayside-mazda', '/sitemap.xml', { bare: true });
    expect(sitemap.body).toContain('/locations/bayside-mazda-parts</loc>');
  });
});

describe('the locations page for search engines', () => {
  it('/dealerships describes each location as an AutoDealer with its weekly and holiday hours', async () => {
    const page = await server.request('bayside-mazda', '/dealerships', { bare: true });
    expect(page.status).toBe(200);
    const blocks = [
      ...page.body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
    ].map((match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>);
    const dealers = blocks.filter((block) => block['@type'] === 'AutoDealer');
    expect(dealers.map((dealer) => dealer.name)).toEqual([
      'Bayside Mazda Sales',
      'Bayside Mazda Service',
      'Bayside Mazda Parts',
    ]);
    const hours = (dealers[0]?.openingHoursSpecification ?? []) as Record<string, string>[];
    expect(hours).toContainEqual(
      expect.objectContaining({ dayOfWeek: 'https://schema.org/Monday', opens: '08:30', closes: '17:30' }),
    );
    expect(hours).toContainEqual(
      expect.objectContaining({
        validFrom: '2026-12-25',
        validThrough: '2026-12-25',
        opens: '00:00',
        closes: '00:00',
      }),
    );
    expect(page.body).toContain('Holiday Opening Hours');
    expect(page.body).toContain('MDL 3315270');
  });
});

describe('GET /api/locations/nearest', () => {
  it('sorts the dealer’s visible locations by great-circle distance from the postcode', async () => {
    const answer = await server.request('harbour-auto-group', '/api/locations/nearest?postcode=2100');
    expect(answer.status).toBe(200);
    const { locations } = answer.json<{ locations: { slug: string; km: number }[] }>();
    expect(locations.length).toBe(
      loadTenants()
        .find((s) => s.slug === 'harbour-auto-group')
        ?.locations.filter((l) => l.visible).length,
    );
    expect(locations.map((l) => l.km)).toEqual([...locations.map((l) => l.km)].sort((a, b) => a - b));
    expect(locations[0]?.km).toBeLessThan(30);
  });

  it('an unknown postcode is "Invalid postcode" (§5), a malformed one the forms’ 4-digit text', async () => {
    const unknown = await server.request('harbour-auto-group', '/api/locations/nearest?postcode=0000');
    expect(unknown.status).toBe(422);
    expect(unknown.json<{ error: { message: string } }>().error.message).toBe('Invalid postcode');
    const malformed = await server.request('harbour-auto-group', '/api/locations/nearest?postcode=%3Cx%3E');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toContain('Invalid postcode. Please enter a 4-digit number.');
  });
});

describe('GET /api/locations/postcode (issue 37 item 3)', () => {
  it('answers where a postcode is, from the geocoder; refuses as the nearest look-up does', async () => {
    const answer = await server.request('harbour-auto-group', '/api/locations/postcode?postcode=2150');
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ postcode: '2150', lat: -33.815, lng: 151.0011 });
    const unknown = await server.request('harbour-auto-group', '/api/locations/postcode?postcode=0000');
    expect(unknown.status).toBe(422);
    expect(unknown.json<{ error: { message: string } }>().error.message).toBe('Invalid postcode');
    const malformed = await server.request('harbour-auto-group', '/api/locations/postcode?postcode=21500');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toContain('Invalid postcode. Please enter a 4-digit number.');
  });
});

describe('breadcrumbs for search engines', () => {
  it('every page but home carries a BreadcrumbList; a car’s goes through the stock listing', async () => {
    const ldOf = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
        .map(
          (match) =>
            JSON.parse(match[1] ?? '{}') as { '@type': string; itemListElement?: { name: string }[] },
        )
        .find((block) => block['@type'] === 'BreadcrumbList');
    const warranty = ldOf((await server.request('bayside-mazda', '/warranty', { bare: true })).body);
    expect(warranty?.itemListElement?.map((crumb) => crumb.name)).toEqual(['Home', 'Warranty']);
    await seedAccountCars(db);
    const car = ldOf(
      (
        await server.request('bayside-mazda', `/cars/2022-mazda-cx-5-maxx-${CARS.baysideInStock}`, {
          bare: true,
        })
      ).body,
    );
    expect(car?.itemListElement?.map((crumb) => crumb.name)).toEqual([
      'Home',
      'Stock',
      `2022 Mazda CX-5 Maxx ${CARS.baysideInStock}`,
    ]);
    expect(ldOf((await server.request('bayside-mazda', '/', { bare: true })).body)).toBeUndefined();
  });
});

describe('/reviews (issue 18 item 4)', () => {
  it('shows the average as stars only above the dealer’s minimum, the count, and its newest 12 reviews', async () => {
    const { upsertReviews } = await import('../../../server/store/reviews.repo.ts');
    const review = (id: number, siteId: number, rating: number) => ({
      id,
      site_id: siteId,
      dealership_id: null,
      location_id: null,
      customer_name: `Customer <${id}>`,
      text: `Review ${id}`,
      rating,
      image_url: null,
      thumb_url: null,
      review_date: `2026-11-${String((id % 20) + 1).padStart(2, '0')}`,
    });
    await upsertReviews(db, [
      ...Array.from({ length: 15 }, (_, index) => review(8000 + index, 102, index < 10 ? 5 : 4)),
      ...Array.from({ length: 3 }, (_, index) => review(8100 + index, 104, 3)),
    ]);
    const harbour = (
      await server.request('harbour-auto-group', '/api/pages?path=%2Freviews')
    ).json<SitePageAnswer>();
    const reviews = as(harbour, 'reviews');
    expect(reviews.average?.rating).toBe('4.7');
    expect(reviews.average?.stars).toHaveLength(5);
    expect(reviews.count).toBe(15);
    expect(reviews.reviews).toHaveLength(12);
    const names = reviews.reviews.map((entry) => entry.customer_name);
    expect(names).toContain('Customer <8014>');
    expect(names).not.toContain('Customer <8000>');
    const served = await server.request('harbour-auto-group', '/reviews', { bare: true });
    expect(served.body).toContain('aria-label="Rated 4.7 out of 5"');
    expect(served.body).toContain('<strong>4.7</strong> from 15 reviews');
    expect(served.body).toContain('Customer &lt;8014&gt;');
    // Metro's average (3.0) does not exceed its minimum (4): the count only.
    const metro = (await server.request('metro-used', '/api/pages?path=%2Freviews')).json<SitePageAnswer>();
    expect(as(metro, 'reviews').average).toBeNull();
    expect(as(metro, 'reviews').count).toBe(3);
  });
});
