import type { CarStatus } from './car.ts';

/**
 * Car availability and the stock window (`search-detail-finance-watchlist.md` §4 "Car availability
 * and status"; `locations-forms-tradein-site.md` §4 "Car status in stock filter", §9 "Sold cars").
 * Times are unix seconds, as in search records; a Car's ISO dates are accepted too.
 */

/** §4, §9: sold cars stay listed for 3 days unless the site configures another window. */
export const DEFAULT_SOLD_WINDOW_DAYS = 3;
/** Seconds in a day. */
export const SECONDS_PER_DAY = 86_400;

/** A car's status as a Car or a search record carries it (records may hold statuses beyond §3's three). */
export type StatusValue = CarStatus | (string & {});

/** What availability reads of a car. `sold` is the flag of `locations-forms-tradein-site.md` §3. */
export interface AvailabilityFacts {
  readonly status: StatusValue;
  readonly sold?: boolean | null;
}

/** An ISO date-time or unix seconds, as unix seconds; `null` when missing or unreadable. */
export function toUnixSeconds(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/**
 * §4: in_stock and coming_soon count as available — the car is still for sale. A car whose `sold`
 * flag is set is not, whatever its status says.
 */
export function isCarAvailable(car: AvailabilityFacts): boolean {
  return (car.status === 'in_stock' || car.status === 'coming_soon') && car.sold !== true;
}

/** §4 "sold shows the SOLD notice": the status is sold or the sold flag is set. */
export function showsSoldNotice(car: AvailabilityFacts): boolean {
  return car.status === 'sold' || car.sold === true;
}

/** The sold window in days: the site's configured value when it is a whole number ≥ 0, else 3. */
export function soldWindowDays(configured?: number | null): number {
  return configured !== null && configured !== undefined && Number.isInteger(configured) && configured >= 0
    ? configured
    : DEFAULT_SOLD_WINDOW_DAYS;
}

/** The earliest `sold_at` (unix seconds) still listed at `nowSeconds`. */
export function soldWindowStart(nowSeconds: number, days: number = DEFAULT_SOLD_WINDOW_DAYS): number {
  return Math.floor(nowSeconds) - soldWindowDays(days) * SECONDS_PER_DAY;
}

/** What the stock window reads of a car. */
export interface ListingFacts extends AvailabilityFacts {
  readonly show_on_dealer_website: boolean;
  /** When the car was sold: ISO date-time (Car) or unix seconds (search record). */
  readonly sold_at: string | number | null;
}

/**
 * §4 stock filter: the car is listed when `show_on_dealer_website` is true and it is in stock or
 * coming soon, or sold within the window (sold at or after `nowSeconds − days`; a window of 0 days
 * lists no sold car).
 *
 * The search filter (`stockFilter` in `search-listing.ts`) expresses this rule through the record's
 * facts, `status` and `sold_at`, which must agree: an unsold car carries no `sold_at`. Where they do
 * not — a sold car without `sold_at`, an in-stock car with an old one — this predicate follows the
 * record the way the filter does, so the page and the search never disagree.
 */
export function isCarListed(car: ListingFacts, nowSeconds: number, days?: number | null): boolean {
  if (!car.show_on_dealer_website) return false;
  const window = soldWindowDays(days);
  const soldAt = toUnixSeconds(car.sold_at);
  const withinWindow = soldAt === null || soldAt >= soldWindowStart(nowSeconds, window);
  if (car.status === 'in_stock' || car.status === 'coming_soon') return withinWindow;
  return car.status === 'sold' && window > 0 && withinWindow;
}
