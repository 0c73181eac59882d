import { z } from 'zod/mini';
import type { StockFilterInput } from './search-listing.ts';
import type { SearchEndpoint } from './search-result.ts';

/**
 * More cars on a car page (issue 37 item 7): similar cars, and the cars this browser viewed lately.
 *
 * Similar cars: the cars in stock of the same body type whose price is within
 * {@link PRICE_BAND_SHARE} of this car's (its price band), then — while fewer than
 * {@link SIMILAR_CARS_LIMIT} — cars of the same make; never the car itself, nor a sold one. A car
 * without a price or a body type has no band: its similar cars are of its make only.
 *
 * Recently viewed: the ids of the last {@link RECENTLY_VIEWED_LIMIT} cars opened in this browser,
 * newest first, each once; shown (at most {@link RECENTLY_VIEWED_SHOWN}, never the car on screen) as
 * the search service has them now, so a car no longer in stock drops out of the list.
 */

/** Similar cars shown at most. */
export const SIMILAR_CARS_LIMIT = 6;
/** The price band: this share of the car's price either side (±20 %). */
export const PRICE_BAND_SHARE = 0.2;
/** Car ids kept in the browser. More than are shown, so cars sold since still leave a full row. */
export const RECENTLY_VIEWED_LIMIT = 12;
/** Recently viewed cars shown at most. */
export const RECENTLY_VIEWED_SHOWN = 6;

/** What the similar-car rule reads of the car on screen. */
export interface SimilarCarFacts {
  readonly id: number;
  readonly make: string;
  /** The simple body type (`SUV`), or null when the feed gave none. */
  readonly body: string | null;
  /** The asking price; 0 or null when the car has none (POA). */
  readonly price: number | null;
}

/** Where the car page's sections search: the site's endpoint, its car index and its listing's rules. */
export interface MoreCarsSearch {
  readonly endpoint: SearchEndpoint;
  readonly indexName: string;
  readonly listing: StockFilterInput;
}

/** `loadSimilar`'s input: the similar cars of one car. */
export interface SimilarCarsQuery {
  readonly search: MoreCarsSearch;
  readonly car: SimilarCarFacts;
}

/** `loadRecent`'s input: these cars, as the search service has them now. */
export interface RecentCarsQuery {
  readonly search: MoreCarsSearch;
  readonly ids: readonly number[];
}

/** `saveViewed`'s input: the ids to keep, newest first. */
export interface ViewedSave {
  readonly viewed: readonly number[];
}

/** What the rules read of a found car (a search hit). */
export interface FoundCar {
  readonly id: number;
  readonly status: string;
  readonly sold: boolean;
}

/** The price band of a price (whole dollars, inclusive), or null when the car has no price. */
export function priceBand(price: number | null): { min: number; max: number } | null {
  if (price === null || !(price > 0)) return null;
  return { min: Math.floor(price * (1 - PRICE_BAND_SHARE)), max: Math.ceil(price * (1 + PRICE_BAND_SHARE)) };
}

/** Whether a found car may be offered: in stock and not sold. */
export const isOfferable = (car: FoundCar): boolean => car.status === 'in_stock' && !car.sold;

/**
 * The similar cars to show: the same body type in the price band first, then the same make, each
 * car once, never `carId` nor a car that is not for sale, at most `limit`.
 */
export function pickSimilarCars<T extends FoundCar>(
  carId: number,
  found: { readonly alike: readonly T[]; readonly sameMake: readonly T[] },
  limit: number = SIMILAR_CARS_LIMIT,
): T[] {
  const seen = new Set<number>([carId]);
  const picked: T[] = [];
  for (const car of [...found.alike, ...found.sameMake]) {
    if (picked.length === limit) break;
    if (seen.has(car.id) || !isOfferable(car)) continue;
    seen.add(car.id);
    picked.push(car);
  }
  return picked;
}

const carIdSchema = z.int().check(z.positive());

/**
 * The viewed ids read back from storage, which anyone may have edited: anything but a list gives
 * none; entries that are not car ids are dropped, the rest de-duplicated and cut to `limit`.
 */
export function readRecentlyViewed(stored: unknown, limit: number = RECENTLY_VIEWED_LIMIT): number[] {
  if (!Array.isArray(stored)) return [];
  const ids: number[] = [];
  for (const item of stored) {
    const parsed = carIdSchema.safeParse(item);
    if (parsed.success && !ids.includes(parsed.data)) ids.push(parsed.data);
    if (ids.length === limit) break;
  }
  return ids;
}

/** The viewed ids after opening `carId`: it goes first (once), the oldest beyond `limit` drops. */
export function rememberViewed(
  viewed: readonly number[],
  carId: number,
  limit: number = RECENTLY_VIEWED_LIMIT,
): number[] {
  return [carId, ...viewed.filter((id) => id !== carId)].slice(0, limit);
}

/** The viewed ids to look up: every one but the car on screen (none on the home page). */
export const otherViewed = (viewed: readonly number[], carId: number | null): number[] =>
  viewed.filter((id) => id !== carId);

/**
 * The recently viewed cars to show, in the order they were viewed: ids the search no longer finds
 * (sold, withdrawn) and cars not for sale are left out; at most `limit`.
 */
export function orderByViewed<T extends FoundCar>(
  ids: readonly number[],
  found: readonly T[],
  limit: number = RECENTLY_VIEWED_SHOWN,
): T[] {
  const byId = new Map(found.filter(isOfferable).map((car) => [car.id, car]));
  return ids.flatMap((id) => byId.get(id) ?? []).slice(0, limit);
}
