import type { FinanceProvider } from './car.ts';
import { providerShowsWeekly } from './finance-rules.ts';
import { formatPrice } from './format.ts';

/**
 * "Under $X a week" (issue 37 item 5): the listing's filter on the weekly finance estimate its cards
 * already show. The state holds X (`search-state.ts` `weekly`), the address `weekly=X`, the search
 * `weekly_repayment<X` (`search-filters.ts`); the record's figure is the card's (`finance-rules.ts`
 * `listingWeeklyRepayment`), so every card listed under it shows less than X a week.
 */

/** The select's steps, in dollars a week. */
export const WEEKLY_STEPS: readonly number[] = [100, 150, 200, 250, 300, 400];

/** `Under $200 a week`. */
export function weeklyLabel(weekly: number): string {
  return `Under ${formatPrice(weekly)} a week`;
}

/** The select's options: the steps, and a value only the address named (`weekly=175`) in its place. */
export function weeklyOptions(current: number | undefined): number[] {
  if (current === undefined || WEEKLY_STEPS.includes(current)) return [...WEEKLY_STEPS];
  return [...WEEKLY_STEPS, current].sort((a, b) => a - b);
}

/** What a site says about its finance: its provider, dealerships and `financeHidden` dealerships. */
export interface WeeklyFilterSite {
  readonly finance_provider?: FinanceProvider | null;
  readonly dealerships: readonly { readonly slug: string }[];
  readonly features: { readonly financeHidden: readonly string[] };
}

/**
 * Whether a site offers the filter: its cards lead with the week's repayment (its provider's listing
 * layout) and some dealership shows finance estimates.
 */
export function offersWeeklyFilter(site: WeeklyFilterSite): boolean {
  return (
    providerShowsWeekly(site.finance_provider ?? null) &&
    site.dealerships.some((dealership) => !site.features.financeHidden.includes(dealership.slug))
  );
}
