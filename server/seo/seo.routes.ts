import { type Context, Hono } from 'hono';
import type { Car } from '../../domain/car.ts';
import { isCarAvailable } from '../../domain/car-availability.ts';
import { CONSOLE_PATH } from '../../domain/console-paths.ts';
import {
  CONTENT_PAGES,
  locationPagePath,
  PARTS_SEARCH_PATH,
  promotionPagePath,
  SAVED_SEARCHES_PATH,
} from '../../domain/content-pages.ts';
import { gatedRoute } from '../../domain/gated-routes.ts';
import {
  locationContactPath,
  SERVICE_PATH,
  SITE_FORM_PAGES,
  TEST_DRIVE_PATH,
} from '../../domain/lead-routes.ts';
import { isInListing } from '../../domain/search-listing.ts';
import { LISTING_TYPES, type ListingTypeSlug, searchRoutePath } from '../../domain/search-routes.ts';
import { hasFeature } from '../../tenants/features.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { AppEnv } from '../app-env.ts';
import type { SitePages } from '../content/site-pages.ts';
import { escapeHtml } from '../html.ts';
import { listCars } from '../store/cars.repo.ts';
import type { Db } from '../store/db.ts';
import { listPromotions } from '../store/promotions.repo.ts';

/**
 * The listings by car type and by vehicle kind (`/search/caravans` on a dealer that lists them) that
 * show at least one car now, by the listing's own stock rule (`isInListing`, with the site's presets):
 * an empty listing is no page to send a searcher to (issue 31 item 21).
 */
function listingsWithStock(site: SiteConfig, stock: readonly Car[], nowSeconds: number): string[] {
  const rule = {
    nowSeconds,
    soldWindowDays: site.search.sold_window_days,
    inStockOnly: hasFeature(site, 'searchPresetInStock'),
  };
  const byType = (Object.keys(LISTING_TYPES) as ListingTypeSlug[]).map((slug) => ({
    path: searchRoutePath({ kind: 'type', slug, carTypes: LISTING_TYPES[slug] }),
    holds: (car: Car) => isInListing(car, { ...rule, routeCarTypes: LISTING_TYPES[slug] }),
  }));
  const byKind = site.vehicle_kinds
    .filter((kind) => kind !== 'cars')
    .map((kind) => ({
      path: searchRoutePath({ kind: 'vehicles', vehicleKind: kind }),
      holds: (car: Car) => car.vehicle_kind === kind && isInListing(car, rule),
    }));
  return [...byType, ...byKind].filter((listing) => stock.some(listing.holds)).map((listing) => listing.path);
}

/** The origin a site's sitemap names: its first custom domain over https, else the one it was asked on. */
export type OriginOf = (c: Context<AppEnv>) => string;

/**
 * `/robots.txt` and `/sitemap.xml` per dealer (issue 18 item 8). The sitemap is made from the store on
 * each request, so it lists every car for sale as the stock is now: each page a shopper may land on
 * (home, the listings that show a car, forms, trade-in, finance unless it asks for a sign-in first,
 * locations, the dealer's own pages) and every car shown on the website that is still for sale.
 */
export function seoRoutes(deps: { db: Db; pages: SitePages; originOf: OriginOf }): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/robots.txt', (c) => {
      c.header('cache-control', 'public, max-age=3600');
      return c.text(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /sign-in',
          'Disallow: /watchlist',
          `Disallow: ${SAVED_SEARCHES_PATH}`,
          'Disallow: /success',
          // The dealer console (issue 36): staff only, never a search result (its pages also send noindex).
          `Disallow: ${CONSOLE_PATH}`,
          `Sitemap: ${deps.originOf(c)}/sitemap.xml`,
          '',
        ].join('\n'),
      );
    })
    .get('/sitemap.xml', async (c) => {
      const site = c.get('site');
      const origin = deps.originOf(c);
      const stock = await listCars(
        deps.db,
        site.dealerships.map((d) => d.id),
      );
      const listings = listingsWithStock(site, stock, Math.floor(Date.now() / 1000));
      // A page that asks an anonymous visitor to sign in first is not one to land on from a search.
      const gated = hasFeature(site, 'personalisedFlow');
      const pages = [
        '/',
        site.search.path,
        ...listings,
        '/trade-in',
        '/sell-my-car',
        site.finance.path,
        ...SITE_FORM_PAGES.map((page) => page.path),
        SERVICE_PATH,
        TEST_DRIVE_PATH,
        ...site.locations.filter((l) => l.visible).map((l) => locationContactPath(l.slug)),
        ...site.locations.filter((l) => l.visible).map((l) => locationPagePath(l.slug)),
        ...CONTENT_PAGES.map((page) => page.paths[0] ?? '/'),
        ...(deps.pages.get(site.slug)?.keys() ?? []),
        '/special-offers',
        // The offers running now have pages of their own; an ended one is not listed.
        ...(await listPromotions(deps.db, site.id, { activeAt: new Date() })).map((promotion) =>
          promotionPagePath(promotion.id),
        ),
        '/reviews',
        ...(site.manufacturer ? ['/models'] : []),
        // The parts search, where the dealer's menu offers it (its link map names it).
        ...(Object.values(site.links).includes(PARTS_SEARCH_PATH) ? [PARTS_SEARCH_PATH] : []),
      ].filter((path) => !(gated && gatedRoute(path)));
      const cars = stock.filter((car) => car.show_on_dealer_website && isCarAvailable(car));
      const url = (path: string, lastmod?: string) =>
        `<url><loc>${escapeHtml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...[...new Set(pages)].map((path) => url(path)),
        ...cars.map((car) => url(`/cars/${encodeURIComponent(car.slug)}`, car.created_at)),
        '</urlset>',
        '',
      ].join('\n');
      c.header('content-type', 'application/xml; charset=utf-8');
      c.header('cache-control', 'public, max-age=300');
      return c.body(body);
    });
}
