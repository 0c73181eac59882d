import type { Car } from './car.ts';
import { priceDisplay } from './car-price.ts';
import { type CarTagOptions, carTag } from './car-tag.ts';
import { type FinanceContext, type ListingFinance, listingFinance } from './finance-rules.ts';
import { specificationRows } from './spec-rows.ts';

/**
 * The comparison's table (issue 19 item 1): a column per car, a row per fact — by the price rules,
 * the tag and finance rules and the car page's specifications. Apart from the tray's rules
 * (`compare.ts`) so that every page's tray does not carry them.
 */

/** One column of the comparison: a car still for sale, or one that is not (sold, hidden, unknown). */
export type CompareColumn =
  | { readonly kind: 'car'; readonly car: Car }
  | { readonly kind: 'unavailable'; readonly slug: string };

/** One row of the comparison: a value per column (`null`: that car has none), and whether they differ. */
export interface CompareRow {
  readonly label: string;
  readonly values: readonly (string | null)[];
  readonly differs: boolean;
}

/** What the comparison's rows depend on beyond the cars: the clock, the site's texts and rules. */
export interface CompareContext {
  readonly now: Date;
  readonly texts?: {
    readonly no_price?: string;
    readonly tag_new?: string;
    readonly tag_new_arrival?: string;
  };
  readonly tag: Omit<CarTagOptions, 'nowSeconds' | 'texts'>;
  /** The finance rules' context for a car (the `financeHidden` switch is per dealership). */
  readonly finance: (car: Car) => FinanceContext;
}

/** A finance estimate in words: `$123 per week at 7.99% p.a.`, or the rate with its comparison rate. */
export function financeText(finance: ListingFinance): string {
  return finance.layout === 'rate'
    ? `From ${finance.rate} p.a. (comparison rate ${finance.comparisonRate} p.a.)`
    : `${finance.amount} ${finance.layout === 'weekly' ? 'per week' : 'per month'} at ${finance.rate} p.a.`;
}

function priceText(car: Car, texts: CompareContext['texts']): string {
  const price = priceDisplay(car, texts);
  if (price.kind === 'subscription') return `${price.text} ${price.period}`;
  if (price.kind === 'price') return price.priceType ? `${price.text} ${price.priceType}` : price.text;
  return price.text;
}

/**
 * The comparison's rows: price by the price rules, tag, finance estimate where the rules allow, then
 * the specifications in the car page's order. A row shows when at least one car has a value; it is
 * marked as differing when the cars for sale do not all hold the same value. A car no longer for
 * sale has no values.
 */
export function compareRows(columns: readonly CompareColumn[], context: CompareContext): CompareRow[] {
  const nowSeconds = Math.floor(context.now.getTime() / 1000);
  const perCar = columns.map((column): Map<string, string> => {
    if (column.kind === 'unavailable') return new Map();
    const { car } = column;
    const values = new Map<string, string>();
    values.set('Price', priceText(car, context.texts));
    const tag = carTag(car, { ...context.tag, nowSeconds, ...(context.texts && { texts: context.texts }) });
    if (tag) values.set('Tag', tag.label);
    const finance = listingFinance(car, context.finance(car));
    if (finance) values.set('Finance estimate', financeText(finance));
    for (const row of specificationRows(car, context.now)) values.set(row.label, row.value);
    return values;
  });
  // The money first, then the specifications in the order the car page lists them.
  const labels = ['Price', 'Tag', 'Finance estimate'].filter((label) =>
    perCar.some((values) => values.has(label)),
  );
  for (const values of perCar)
    for (const label of values.keys()) if (!labels.includes(label)) labels.push(label);
  const forSale = columns.flatMap((column, index) => (column.kind === 'car' ? [index] : []));
  return labels.map((label) => {
    const values = perCar.map((map) => map.get(label) ?? null);
    const distinct = new Set(forSale.map((index) => values[index] ?? null));
    return { label, values, differs: distinct.size > 1 };
  });
}
