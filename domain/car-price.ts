import type { Car } from './car.ts';
import { formatPrice } from './format.ts';

/**
 * The car card's price (`search-detail-finance-watchlist.md` §4 "Price display priority", §9 "price
 * must exceed 10 to display" and "$ prefix"; `locations-forms-tradein-site.md` §9 default price text).
 */

/** §9: a price shows only above this. */
export const MIN_SHOWN_PRICE = 10;
/** The spec's price words. */
export const PRICE_TEXT = {
  preorder: 'PREORDER',
  noPrice: 'Enquire for price.',
  perWeek: 'per week',
} as const;

/** What the price display reads of a car (a search record's numeric `preorder` works too). */
export type PriceFacts = Pick<Car, 'price' | 'before_price' | 'offer_price' | 'subscription_price'> & {
  readonly preorder: boolean | number | null;
  readonly price_type?: string | null;
};

/** What the card shows in the price slot. */
export type PriceDisplay =
  | {
      readonly kind: 'subscription';
      readonly amount: number;
      /** `$189` (cents kept when the price has them) */
      readonly text: string;
      readonly period: typeof PRICE_TEXT.perWeek;
    }
  | {
      readonly kind: 'price';
      readonly amount: number;
      /** `$34,990` */
      readonly text: string;
      /** The reduced (offer) price is shown and differs from the car's price. */
      readonly reduced: boolean;
      /** `$36,990` when before_price is above the shown price, else `null`. */
      readonly wasText: string | null;
      readonly priceType: string | null;
    }
  | { readonly kind: 'preorder'; readonly text: string }
  | { readonly kind: 'noPrice'; readonly text: string };

const money = (amount: number): string => formatPrice(amount, Number.isInteger(amount) ? 0 : 2);

/**
 * §4: the price a car is asked at — its reduced (offer) price when it has one above the shown
 * minimum, else its price. The card shows it; the price sorts order by it (decision 100).
 */
export function askingPrice(car: Pick<PriceFacts, 'price' | 'offer_price'>): number {
  const offer = car.offer_price;
  return offer !== null && offer > MIN_SHOWN_PRICE ? offer : car.price;
}

/**
 * What the price sorts order by (decisions 100, 105): the asking price when the card shows a price
 * (§4 item 2, above the shown minimum), else `null` — a PREORDER or no-price car has no price to
 * order, and sorts after every priced car whichever way the shopper sorts (issue 31 item 15).
 */
export function sortingPrice(car: Pick<PriceFacts, 'price' | 'offer_price'>): number | null {
  const amount = askingPrice(car);
  return amount > MIN_SHOWN_PRICE ? amount : null;
}

/**
 * §4 Price display priority, first that applies:
 * 1. the subscription price, when the car has one above 0;
 * 2. the reduced (offer) price or else the car's price, when above 10 — marked reduced when it
 *    differs from the price, with a was-price only if before_price is greater than it;
 * 3. PREORDER when the car is a preorder;
 * 4. the site's no-price text ('Enquire for price.' by default).
 */
export function priceDisplay(car: PriceFacts, texts: { readonly no_price?: string } = {}): PriceDisplay {
  const subscription = car.subscription_price;
  if (subscription !== null && subscription > 0) {
    return {
      kind: 'subscription',
      amount: subscription,
      text: money(subscription),
      period: PRICE_TEXT.perWeek,
    };
  }
  const amount = askingPrice(car);
  if (amount > MIN_SHOWN_PRICE) {
    const was = car.before_price;
    return {
      kind: 'price',
      amount,
      text: money(amount),
      reduced: amount !== car.price,
      wasText: was !== null && was > amount ? money(was) : null,
      priceType: car.price_type?.trim() || null,
    };
  }
  if (car.preorder) return { kind: 'preorder', text: PRICE_TEXT.preorder };
  return { kind: 'noPrice', text: texts.no_price || PRICE_TEXT.noPrice };
}
