import { z } from 'zod/mini';
import { formatNumber, formatPrice } from './format.ts';
import { PRICE_DROP_WINDOW_DAYS, priceDroppedText } from './price-drop.ts';

/**
 * Deal signals on search cards (issue 37 item 4, decision 130): the last price drop and its amount,
 * a price rating against comparable cars in the same site's stock, and how long the car has been
 * listed. The rating depends on the other cars, so it is worked out when the search records are
 * built (`server/search/records.ts`) and travels in the record; the card only shows it.
 *
 * The rule, exactly:
 * - A car's comparables are the other cars of the same dealer site on sale there (not sold, not
 *   hidden from the website), with a shown asking price, of the same make and model (letter case ignored), a year within {@link YEAR_BAND} of the
 *   car's, and kilometres within {@link KM_BAND} of the car's.
 * - With fewer than {@link MIN_COMPARABLES} comparables — or when the car itself is not on sale, has
 *   no shown price, year or kilometres — the car has no rating.
 * - Otherwise its asking price is set against the median asking price of its comparables:
 *   `difference = (price − median) / median`. Great: 10 % or more below (≤ −10 %); Good: 3 % to
 *   10 % below (−10 % < d ≤ −3 %); Fair: within 3 % either way (−3 % < d ≤ +3 %); High: more than
 *   3 % above (d > +3 %).
 */

/** Years either side of the car's that a comparable may be from. */
export const YEAR_BAND = 1;
/** Kilometres either side of the car's that a comparable may have done. */
export const KM_BAND = 20_000;
/** Fewer comparables than this and no rating is shown. */
export const MIN_COMPARABLES = 3;
/** At or below this difference from the median: Great. */
export const GREAT_BELOW = -0.1;
/** At or below this (and above Great's): Good. */
export const GOOD_BELOW = -0.03;
/** At or below this (and above Good's): Fair; above it: High. */
export const FAIR_UP_TO = 0.03;

export const priceRatingLevels = ['great', 'good', 'fair', 'high'] as const;
export type PriceRatingLevel = (typeof priceRatingLevels)[number];

/** The chip's words per level. */
export const PRICE_RATING_LABELS: Record<PriceRatingLevel, string> = {
  great: 'Great price',
  good: 'Good price',
  fair: 'Fair price',
  high: 'High price',
};

/** A car's rating, with the figures behind it (what the hover text says). */
export const priceRatingSchema = z.object({
  level: z.enum(priceRatingLevels),
  /** The comparables' median asking price. */
  median: z.number().check(z.positive()),
  /** How many comparables the median is of. */
  comparables: z.int().check(z.minimum(MIN_COMPARABLES)),
  /** `(price − median) / median`, rounded to a tenth of a per cent. */
  difference: z.number(),
});
export type PriceRating = z.infer<typeof priceRatingSchema>;

/** What the rating reads of a car. */
export interface RatedCar {
  readonly id: number;
  /** The dealer site whose stock it is. */
  readonly siteId: number;
  readonly make: string;
  readonly model: string;
  readonly year: number | null;
  readonly km: number | null;
  /** The shown asking price, or `null` when none is shown. */
  readonly price: number | null;
  /** Listed for sale on the site: not sold and not hidden from the website. */
  readonly forSale: boolean;
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The level a difference from the median earns. */
export function ratingLevel(difference: number): PriceRatingLevel {
  if (difference <= GREAT_BELOW) return 'great';
  if (difference <= GOOD_BELOW) return 'good';
  if (difference <= FAIR_UP_TO) return 'fair';
  return 'high';
}

const rateable = (car: RatedCar): car is RatedCar & { year: number; km: number; price: number } =>
  car.forSale && car.price !== null && car.price > 0 && car.year !== null && car.km !== null;

const groupKey = (car: RatedCar) => `${car.siteId}|${car.make.toLowerCase()}|${car.model.toLowerCase()}`;

/** Whether `other` is a comparable of `car` (both rateable; the site, make and model already match). */
export function isComparable(
  car: { readonly id: number; readonly year: number; readonly km: number },
  other: { readonly id: number; readonly year: number; readonly km: number },
): boolean {
  return (
    other.id !== car.id &&
    Math.abs(other.year - car.year) <= YEAR_BAND &&
    Math.abs(other.km - car.km) <= KM_BAND
  );
}

/** Every car's rating, by car id; a car without enough comparables is absent. */
export function priceRatings(cars: readonly RatedCar[]): Map<number, PriceRating> {
  const groups = new Map<string, (RatedCar & { year: number; km: number; price: number })[]>();
  for (const car of cars) {
    if (!rateable(car)) continue;
    const key = groupKey(car);
    const group = groups.get(key) ?? [];
    group.push(car);
    groups.set(key, group);
  }
  const ratings = new Map<number, PriceRating>();
  for (const group of groups.values()) {
    if (group.length <= MIN_COMPARABLES) continue;
    for (const car of group) {
      const prices = group.filter((other) => isComparable(car, other)).map((other) => other.price);
      if (prices.length < MIN_COMPARABLES) continue;
      const middle = median(prices);
      const difference = (car.price - middle) / middle;
      ratings.set(car.id, {
        level: ratingLevel(difference),
        median: Math.round(middle),
        comparables: prices.length,
        difference: Math.round(difference * 1000) / 1000,
      });
    }
  }
  return ratings;
}

const percent = (fraction: number) => `${Math.round(Math.abs(fraction) * 1000) / 10}%`;

/**
 * The rule behind a car's rating, as the chip's hover and focus text says it: how this car compares,
 * with which cars, and the thresholds.
 */
export function priceRatingRule(
  rating: PriceRating,
  car: { readonly make: string; readonly model: string; readonly year: number; readonly km: number },
): string {
  const { difference } = rating;
  const how =
    Math.abs(difference) < 0.0005
      ? 'the same as'
      : `${percent(difference)} ${difference < 0 ? 'below' : 'above'}`;
  const km = (value: number) => formatNumber(Math.max(0, value));
  return (
    `${how} the median asking price (${formatPrice(rating.median)}) of ${rating.comparables} other ` +
    `${car.make} ${car.model} cars in this dealer’s stock from ${car.year - YEAR_BAND}–${car.year + YEAR_BAND} ` +
    `with ${km(car.km - KM_BAND)}–${km(car.km + KM_BAND)} km. ` +
    `Great: ${percent(GREAT_BELOW)} or more below; Good: ${percent(GOOD_BELOW)}–${percent(GREAT_BELOW)} below; ` +
    `Fair: within ${percent(FAIR_UP_TO)}; High: more than ${percent(FAIR_UP_TO)} above.`
  );
}

/** The card's drop badge: the amount, when the last price change was a fall within the window. */
export function cardPriceDrop(
  drop: { readonly at?: number | undefined; readonly amount?: number | undefined },
  nowSeconds: number,
): { readonly amount: string; readonly text: string } | null {
  if (drop.at === undefined || drop.amount === undefined || drop.amount <= 0) return null;
  const age = nowSeconds - drop.at;
  if (age < 0 || age > PRICE_DROP_WINDOW_DAYS * 86_400) return null;
  return { amount: formatPrice(drop.amount), text: priceDroppedText(drop.amount) };
}

/** `New today`, `Listed 1 day ago`, `Listed 12 days ago`: whole days since the car was listed. */
export function daysListedText(createdAtSeconds: number, nowSeconds: number): string {
  const days = Math.max(0, Math.floor((nowSeconds - createdAtSeconds) / 86_400));
  if (days === 0) return 'New today';
  return days === 1 ? 'Listed 1 day ago' : `Listed ${formatNumber(days)} days ago`;
}
