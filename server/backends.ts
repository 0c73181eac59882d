import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import { type Model, modelMakesOf, modelRange } from '../domain/model.ts';
import { type Promotion, promotionPhase } from '../domain/promotion.ts';
import {
  type MakeLogos,
  makeLogosOf,
  type PublicPromotion,
  type RangeGroup,
} from '../tenants/public-site.ts';
import type { SiteConfig } from '../tenants/tenant.schema.ts';
import { LocationHours } from './console/hours/location-hours.ts';
import type { ServerEnv } from './env.ts';
import { leadsAdminRoutes } from './leads/admin.routes.ts';
import type { Logger } from './logger.ts';
import { reservationsAdminRoutes } from './reserve/admin.routes.ts';
import { SearchIndexRegistry } from './search/engine/registry.ts';
import { defineSearchIndices } from './search/indices.ts';
import { createKeyVerifier } from './search/keys.ts';
import { pushClientFromEnv } from './search/push.ts';
import {
  dealershipFinance,
  dealershipNames,
  dealershipSynonyms,
  hostedCarUpdate,
  loadSearchRecords,
  locationPlaces,
  PriceRatingBook,
  toCarRecord,
} from './search/records.ts';
import { createSearchRoutes } from './search/routes.ts';
import { EMBEDDED_APP_ID } from './search-connection.ts';
import type { Secrets } from './secrets.ts';
import { vehicleImage } from './seed/images.ts';
import { ensureSeeded } from './seed/seed.ts';
import { toSeedTenant } from './seed/seed-tenant.ts';
import { ensureDemoStaff } from './seed/staff.ts';
import { stockAdminRoutes } from './stock/admin.routes.ts';
import { lastPriceDrops } from './store/cars.repo.ts';
import { openChangeFeed, type StoreChange } from './store/change-feed.ts';
import type { Db } from './store/db.ts';
import { listMakes, listModels } from './store/makes.repo.ts';
import { openStore } from './store/open-store.ts';
import { listAllPromotions } from './store/promotions.repo.ts';
import { carsByIds } from './store/reservations.repo.ts';

/** The embedded backends one server runs on: the store and the search index built from it. */
export interface Backends {
  db: Db;
  search: SearchIndexRegistry;
  /** Rebuilds the search indices from the store (after a stock import). */
  refreshSearch(): Promise<void>;
  /** Refreshes these cars' search records from the store (after a reservation or its release). */
  refreshCars(carIds: readonly number[]): Promise<void>;
  /** The store's make logos by make name, as of the last refresh. */
  makeLogos(): MakeLogos;
  /** A site's promotions running now, as of the last refresh of what the store holds. */
  promotions(siteId: number, now?: Date): PublicPromotion[];
  /**
   * A site with its locations' special days from the store laid over its config's (issue 36 item 6,
   * decision 128): the one way every reader of opening hours gets a site.
   */
  siteOf(site: SiteConfig): SiteConfig;
  /**
   * Reloads the offers and special hours from the store after a console change, drops the kept pages
   * (`onChange`) and tells the other processes, which do the same.
   */
  refreshContent(): Promise<void>;
  /** A site's model range (its makes' models by body type), as of the last refresh; empty without a maker. */
  modelRange(site: SiteConfig): RangeGroup[];
  /** Calls `listener` after every refresh of search from the store (what pages show has changed). */
  onChange(listener: () => void): void;
  /** Tenant-agnostic sub-apps: `/search-api`, `/media`, `/api/admin`. */
  mounts: { path: string; app: Hono }[];
  close(): Promise<void>;
}

/**
 * Opens the store (PostgreSQL when `DATABASE_URL` is set, else PGlite in `<DATA_DIR>/pglite`), seeds
 * the demo stock on first start in the demo (never in production), and builds the search indices
 * from it.
 */
export async function openBackends(
  env: ServerEnv,
  sites: readonly SiteConfig[],
  secrets: Secrets,
  logger: Logger,
  now: Date = new Date(),
): Promise<Backends> {
  const db = await openStore({
    databaseUrl: env.DATABASE_URL,
    schema: env.DATABASE_SCHEMA,
    dataDir: join(resolve(env.DATA_DIR), 'pglite'),
  });
  // Demo data only in the demo (decision 113): fake reviews and stock have no place on a live site.
  if (env.FORECOURT_ENV === 'demo') {
    const seeded = await ensureSeeded(db, sites.map(toSeedTenant), now);
    if (seeded.seeded) logger.info('Seeded demo stock', { cars: seeded.cars, ms: Math.round(seeded.ms) });
    // The console's demo accounts (issue 36): a manager and a sales member per dealer, README's passwords.
    const staff = await ensureDemoStaff(db, sites);
    if (staff > 0) logger.info('Added demo console accounts', { accounts: staff });
  }

  const search = new SearchIndexRegistry();
  defineSearchIndices(search);
  let makeLogos: MakeLogos = {};
  const changeListeners: (() => void)[] = [];
  const changed = () => {
    for (const listener of changeListeners) listener();
  };
  let promotions: Promotion[] = [];
  const hours = new LocationHours();
  let models: Model[] = [];
  // The cars' price ratings (decision 130): what each reads of the whole stock, kept between refreshes.
  const ratingBook = new PriceRatingBook(sites);
  const ranges = new Map<string, RangeGroup[]>();
  // The console's offers and special hours (issue 36 item 6): what every page's site config carries.
  async function reloadContent() {
    promotions = await listAllPromotions(db);
    await hours.reload(db);
    changed();
  }
  const reloadSearch = async () => {
    makeLogos = makeLogosOf(await listMakes(db));
    promotions = await listAllPromotions(db);
    await hours.reload(db);
    models = await listModels(db);
    ranges.clear();
    const records = await loadSearchRecords(db, sites);
    ratingBook.rateAll(records.cars);
    search.replaceAll('cars', records.cars);
    search.replaceAll('models', records.models);
    search.replaceAll('items', records.items);
    changed();
  };
  await reloadSearch();
  const names = dealershipNames(sites);
  const synonyms = dealershipSynonyms(sites);
  // With hosted Algolia, a car's change (a reservation, a photo fetched) is written there too, as a partial update.
  const hosted = env.ALGOLIA_APP_ID && env.ALGOLIA_ADMIN_KEY ? pushClientFromEnv(env) : null;
  const buildCars = async (carIds: readonly number[]) => {
    if (carIds.length === 0) return [];
    const drops = await lastPriceDrops(db, carIds);
    const finance = dealershipFinance(sites, new Date());
    return (await carsByIds(db, carIds)).map((car) =>
      toCarRecord(car, { names, drops, synonyms, finance, places: locationPlaces(sites) }),
    );
  };
  const reloadCars = async (carIds: readonly number[]) => {
    // A price rating depends on the other cars: those whose rating changed with these are
    // refreshed with them (decision 130).
    const rated = ratingBook.rateSome(await buildCars(carIds));
    const records = [...rated.records, ...ratingBook.rated(await buildCars(rated.alsoChanged))];
    if (records.length > 0) search.upsert('cars', records);
    changed();
    return records;
  };
  // With PostgreSQL several processes may serve: each keeps search and pages in memory, so what one
  // changes it tells the others, which reload it from the store (decision 092).
  const feed = env.DATABASE_URL
    ? await openChangeFeed({
        databaseUrl: env.DATABASE_URL,
        ...(env.DATABASE_SCHEMA ? { schema: env.DATABASE_SCHEMA } : {}),
        onChange: (change) => {
          const reload =
            change.kind === 'stock'
              ? reloadSearch()
              : change.kind === 'content'
                ? reloadContent()
                : reloadCars(change.ids);
          reload.catch((error: unknown) => logger.error('Reloading another process’s change failed', error));
        },
        onError: (error) => logger.error('The change feed lost its connection', error),
      })
    : null;
  const refreshContent = async () => {
    // The change is stored already: a copy that cannot be reloaded is logged, not thrown.
    try {
      await reloadContent();
      await tell({ kind: 'content' });
    } catch (error) {
      logger.error('Reloading the offers and hours failed', error);
    }
  };
  const tell = (change: StoreChange) =>
    feed
      ?.publish(change)
      .catch((error: unknown) => logger.error('Telling the other processes failed', error));
  const refreshSearch = async () => {
    await reloadSearch();
    await tell({ kind: 'stock' });
  };
  const refreshCars = async (carIds: readonly number[]) => {
    // The write this follows is stored already: a search that cannot be refreshed is logged, not thrown.
    try {
      const records = await reloadCars(carIds);
      await tell({ kind: 'cars', ids: [...carIds] });
      if (records.length === 0) return;
      await hosted?.partialUpdateObjects({
        indexName: 'cars',
        objects: records.map(hostedCarUpdate),
        createIfNotExists: false,
      });
    } catch (error) {
      logger.error('Refreshing cars in search failed', error);
    }
  };

  const keys = createKeyVerifier({
    appId: EMBEDDED_APP_ID,
    searchKey: secrets.searchKey,
    adminKey: secrets.searchAdminKey,
  });
  const testMode = env.NODE_ENV === 'test' || env.FORECOURT_TEST_MODE === '1';
  const searchRoutes = createSearchRoutes({
    indices: search,
    keys,
    ...(testMode ? { faults: {} } : {}),
    onInternalError: (error) => logger.error('Search failed', error),
    trustProxy: env.TRUST_PROXY,
  });
  const media = new Hono().get('/*', (c) => {
    const svg = vehicleImage(new URL(c.req.url).pathname);
    if (!svg) return c.notFound();
    c.header('content-type', 'image/svg+xml');
    c.header('cache-control', 'public, max-age=86400');
    return c.body(svg);
  });
  return {
    db,
    search,
    refreshSearch,
    refreshCars,
    makeLogos: () => makeLogos,
    siteOf: hours.siteOf,
    refreshContent,
    promotions: (siteId, now = new Date()) =>
      promotions
        .filter((promotion) => promotion.site_id === siteId && promotionPhase(promotion, now) === 'running')
        .map(({ id, title, description }) => ({ id, title, description })),
    modelRange: (site) => {
      if (!site.manufacturer) return [];
      let range = ranges.get(site.slug);
      if (!range) {
        // The menu needs no descriptions: every page's boot data carries the range.
        range = modelRange(models, modelMakesOf(site)).map(({ category, models: inGroup }) => ({
          category,
          models: inGroup.map(({ name, href, status }) => ({ name, href, status })),
        }));
        ranges.set(site.slug, range);
      }
      return range;
    },
    onChange: (listener) => {
      changeListeners.push(listener);
    },
    mounts: [
      { path: '/search-api', app: searchRoutes as unknown as Hono },
      { path: '/media', app: media },
      {
        path: '/api/admin',
        app: stockAdminRoutes({ db, sites, adminToken: secrets.adminToken, afterImport: refreshSearch }),
      },
      { path: '/api/admin', app: leadsAdminRoutes({ db, sites, adminToken: secrets.adminToken }) },
      {
        path: '/api/admin',
        app: reservationsAdminRoutes({ db, sites, adminToken: secrets.adminToken, carsChanged: refreshCars }),
      },
    ],
    close: async () => {
      await feed?.close();
      await db.close();
    },
  };
}
