import type { Car } from '../../domain/car.ts';
import { isCarAvailable } from '../../domain/car-availability.ts';
import { type AlertReason, alertReason } from '../../domain/saved-search.ts';
import { facetFiltersOf, numericFiltersOf } from '../../domain/search-filters.ts';
import { stockFilter } from '../../domain/search-listing.ts';
import { hasFeature } from '../../tenants/features.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { SearchIndexRegistry } from '../search/engine/registry.ts';
import { carsSettings } from '../search/indices.ts';
import { dealershipFinance, dealershipNames, dealershipSynonyms, toCarRecord } from '../search/records.ts';
import type { Executor } from '../store/db.ts';
import { carsByIds } from '../store/reservations.repo.ts';
import { listMatchableSearches, type MatchableSearch } from '../store/saved-searches.repo.ts';

/** What a price change told: a car, why it is news, its asking price and the one before. */
export interface CarNews {
  car_id: number;
  reason: AlertReason;
  price: number;
  previous_price: number | null;
}

/** One alert to store: a saved search is told of a car. */
export interface MatchedAlert extends CarNews {
  saved_search_id: number;
}

/** What one matching run did. */
export interface MatchReport {
  /** Price changes read. */
  changes: number;
  /** Cars that were news (new, or cheaper) and are for sale. */
  cars: number;
  /** Saved searches run against them. */
  searches: number;
  /** Alerts stored (a car a search was told of before, at that price, is not stored again). */
  alerts: number;
}

const CURSOR = 'alerts_cursor';
/** Price changes read per round. */
const ROUND = 5000;

/**
 * The news in a run of price changes, one per car: a car first stored in the run is new at its last
 * price; otherwise it is a price drop when its last price is below the one before the run.
 */
export function newsOf(
  changes: readonly { car_id: number; price: number; previous: number | null }[],
): CarNews[] {
  const byCar = new Map<number, { first: number | null; last: number }>();
  for (const change of changes) {
    const seen = byCar.get(change.car_id);
    if (seen) seen.last = change.price;
    else byCar.set(change.car_id, { first: change.previous, last: change.price });
  }
  return [...byCar].flatMap(([car_id, { first, last }]) => {
    const reason = alertReason(first, last);
    return reason ? [{ car_id, reason, price: last, previous_price: first }] : [];
  });
}

/** Whether a car is news worth telling: shown on the website and still for sale (§4). */
export const forSale = (car: Car): boolean => car.show_on_dealer_website && isCarAvailable(car);

/**
 * Runs a site's saved searches against the cars that are news, exactly as its listing would search
 * them: the cars go into an index of their own with the `cars` index's settings (text matching,
 * typo tolerance and filters are the engine's), and each saved search is one query with its filters,
 * the listing's base filter (the site's in-stock preset, the car types the listing was limited to when
 * saved — a type route's, or the new-and-demo preset's) and its text.
 */
export function matchSite(
  site: SiteConfig,
  cars: readonly Car[],
  news: ReadonlyMap<number, CarNews>,
  searches: readonly MatchableSearch[],
  nowSeconds: number,
): MatchedAlert[] {
  if (cars.length === 0 || searches.length === 0) return [];
  const index = new SearchIndexRegistry();
  // The card's weekly estimate, so a saved "Under $X a week" matches what its listing shows.
  const finance = dealershipFinance([site], new Date(nowSeconds * 1000));
  const { replicas: _replicas, ...settings } = carsSettings;
  index.setSettings('news', settings);
  index.replaceAll(
    'news',
    cars.map((car) =>
      toCarRecord(car, {
        names: dealershipNames([site]),
        synonyms: dealershipSynonyms([site]),
        finance,
      }),
    ),
  );
  const presets = {
    nowSeconds,
    soldWindowDays: site.search.sold_window_days,
    inStockOnly: hasFeature(site, 'searchPresetInStock'),
  };
  const alerts: MatchedAlert[] = [];
  for (const saved of searches) {
    const { hits } = index.search('news', {
      query: saved.search.query ?? '',
      filters: stockFilter({ ...presets, routeCarTypes: saved.car_types }),
      facetFilters: facetFiltersOf(saved.search),
      numericFilters: numericFiltersOf(saved.search),
      hitsPerPage: 1000,
      attributesToRetrieve: ['id'],
      attributesToHighlight: [],
    });
    for (const hit of hits) {
      const carNews = news.get(Number(hit.objectID));
      if (carNews) alerts.push({ ...carNews, saved_search_id: saved.id });
    }
  }
  return alerts;
}

/**
 * Reads the price changes stored since the last run (new cars and new asking prices, from imports
 * and the admin route alike: `car_prices`), matches the news among them against every saved search
 * that emails, and stores an alert per search and car. One run at a time across processes: the cursor
 * row is locked for the run, and moves only with the alerts it found, in one transaction.
 */
export async function matchPriceChanges(
  db: Executor,
  sites: readonly SiteConfig[],
  now: Date = new Date(),
): Promise<MatchReport> {
  const report: MatchReport = { changes: 0, cars: 0, searches: 0, alerts: 0 };
  for (;;) {
    const round = await db.transaction(async (tx) => {
      const { rows: cursorRows } = await tx.query<{ value: number }>(
        'SELECT value FROM store_meta WHERE key = $1 FOR UPDATE',
        [CURSOR],
      );
      const cursor = Number(cursorRows[0]?.value ?? 0);
      const { rows: changes } = await tx.query<{
        id: string;
        car_id: number;
        price: number;
        previous: number | null;
      }>(
        `SELECT id, car_id, price, previous FROM (
           SELECT id, car_id, price, lag(price) OVER (PARTITION BY car_id ORDER BY at, id) AS previous
           FROM car_prices WHERE car_id IN (
             SELECT car_id FROM car_prices WHERE id > $1 ORDER BY id LIMIT $2
           )
         ) AS changes WHERE id > $1 ORDER BY id LIMIT $2`,
        [cursor, ROUND],
      );
      if (changes.length === 0) return null;
      const news = newsOf(changes);
      const cars = (
        await carsByIds(
          tx,
          news.map((n) => n.car_id),
        )
      ).filter(forSale);
      const newsById = new Map(news.map((n) => [n.car_id, n]));
      const alerts: MatchedAlert[] = [];
      let searches = 0;
      for (const site of sites) {
        const ids = new Set(site.dealerships.map((d) => d.id));
        const siteCars = cars.filter((car) => ids.has(car.dealership_id));
        if (siteCars.length === 0) continue;
        const saved = await listMatchableSearches(tx, site.id);
        searches += saved.length;
        alerts.push(...matchSite(site, siteCars, newsById, saved, Math.floor(now.getTime() / 1000)));
      }
      const stored = await storeAlerts(tx, alerts, now);
      const last = Number((changes.at(-1) as { id: string }).id);
      await tx.query(
        `INSERT INTO store_meta (key, value) VALUES ($1, to_jsonb($2::bigint))
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [CURSOR, last],
      );
      return { changes: changes.length, cars: cars.length, searches, alerts: stored };
    });
    if (!round) return report;
    report.changes += round.changes;
    report.cars += round.cars;
    report.searches += round.searches;
    report.alerts += round.alerts;
    if (round.changes < ROUND) return report;
  }
}

async function storeAlerts(tx: Executor, alerts: readonly MatchedAlert[], now: Date): Promise<number> {
  if (alerts.length === 0) return 0;
  // Column arrays, not one JSON document: a large import's alerts are parsed several times faster.
  const { rows } = await tx.query(
    `INSERT INTO search_alerts (saved_search_id, car_id, reason, price, previous_price, created_at)
     SELECT s, c, r, p, pp, $6 FROM unnest($1::int[], $2::int[], $3::text[], $4::float8[], $5::float8[])
       AS a (s, c, r, p, pp)
     ON CONFLICT (saved_search_id, car_id, reason, price) DO NOTHING RETURNING id`,
    [
      alerts.map((a) => a.saved_search_id),
      alerts.map((a) => a.car_id),
      alerts.map((a) => a.reason),
      alerts.map((a) => a.price),
      alerts.map((a) => a.previous_price),
      now.toISOString(),
    ],
  );
  return rows.length;
}

/** Marks every price change stored so far as read (after the seed: its cars are not news). */
export async function skipPriceChanges(db: Executor): Promise<void> {
  await db.query(
    `INSERT INTO store_meta (key, value) SELECT $1, to_jsonb(COALESCE(max(id), 0)) FROM car_prices
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [CURSOR],
  );
}
