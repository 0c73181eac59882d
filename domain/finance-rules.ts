import type { Car, FinanceLender, FinanceProvider } from './car.ts';
import { isCarAvailable } from './car-availability.ts';
import { formatNumber, formatPrice } from './format.ts';

/**
 * Whether a car shows a finance estimate (`search-detail-finance-watchlist.md` §5 "Finance-estimate
 * display", §3 Finance lender entry), and the listing card's strip. Kept apart from the car page's
 * full estimate (`finance.ts`) so the listing carries only the rules. A car shows the estimate of the
 * site's `finance_provider` only: the other providers' entries belong to other sites, so there is no
 * fallback to them.
 */

/** §9 "Finance repayment disclaimer: the figure is indicative only and not a quote." */
export const FINANCE_DISCLAIMER = 'The figure is indicative only and not a quote.';

/** Australian time for the car-age rule, as `spec-rows.ts` reads it (UTC+10:00). */
const AUSTRALIAN_UTC_OFFSET_HOURS = 10;

/**
 * §5: finance is hidden for "one named manufacturer"; the spec does not name it. A make absent from
 * the demo stock, so the rule is exercised by tests without hiding any demo car's finance.
 */
export const FINANCE_HIDDEN_MANUFACTURERS: readonly string[] = ['Ferrari'];
/** §5, §9: "price above 500" (exclusive). */
export const FINANCE_MIN_PRICE = 500;
/** §5 Type A, §9: "car year within the last 12 years". */
export const FINANCE_MAX_CAR_AGE_YEARS = 12;
/**
 * §9: estimates are shown for a 5-year term on a $30,000 secured loan (comparison-rate basis); the
 * finance application asks for that term too. Here rather than in `finance.ts`, so the form pages do
 * not load the car page's finance display for it (issue 38 item 3).
 */
export const FINANCE_TERM_YEARS = 5;

/** §5: the eight lender types, by behaviour. */
export type LenderType = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H';

/**
 * §5: providers by the spec's grouping. taurus (first in the list) is Type A; 360 and ausloans (the
 * last two of the car-available group) are Types C and D; manual, angle and powertorque use the weekly
 * payment (E, F, G); the vehicle-maker provider oem uses the monthly payment (H); carclarity is the
 * car-clarity style Type B.
 */
export const LENDER_TYPES: Readonly<Record<FinanceProvider, LenderType>> = {
  taurus: 'A',
  carclarity: 'B',
  '360': 'C',
  ausloans: 'D',
  manual: 'E',
  angle: 'F',
  powertorque: 'G',
  oem: 'H',
};

/** One lender-type rule (§5 table). */
export type LenderRule =
  | 'carAge'
  | 'minPrice'
  | 'available'
  | 'comparisonRate'
  | 'weeklyPayment'
  | 'monthlyPayment';

/**
 * §5 table, rule by rule. Type B's rules are "not shown": this takes the common core the other
 * types share — price above 500 and car available.
 */
export const LENDER_RULES: Readonly<Record<LenderType, readonly LenderRule[]>> = {
  A: ['carAge', 'minPrice', 'available', 'comparisonRate'],
  B: ['minPrice', 'available'],
  C: ['available'],
  D: ['available'],
  E: ['minPrice', 'available', 'weeklyPayment'],
  F: ['minPrice', 'available', 'weeklyPayment'],
  G: ['minPrice', 'available', 'weeklyPayment'],
  H: ['minPrice', 'available', 'monthlyPayment'],
};

/** Why no estimate shows: a site or car rule, an entry rule (§5 first paragraph) or a lender-type rule. */
export type FinanceHiddenReason = SiteReason | EntryReason | LenderRule;
type SiteReason = 'noProvider' | 'financeHidden' | 'hiddenManufacturer';
type EntryReason = 'noEntry' | 'emptyEntry' | 'noInterestRate' | 'noComparisonRate';

/** Whether an estimate shows, and if not, the first rule that hides it. */
export type FinanceVerdict =
  | { readonly shown: true; readonly provider: FinanceProvider; readonly lender: FinanceLender }
  | { readonly shown: false; readonly reason: FinanceHiddenReason };

/** The car fields the finance rules read (`price` is the car's price field, as §5 names it). */
export type FinanceCar = Pick<Car, 'make' | 'year' | 'price' | 'status' | 'sold' | 'finance_lenders'>;

/** What the finance rules need to know besides the car. */
export interface FinanceContext {
  /** The site's `finance_provider`; `null` shows no estimate. */
  readonly provider: FinanceProvider | null;
  /** The `financeHidden` switch, evaluated by the caller for the site and the car's dealership. */
  readonly financeHidden: boolean;
  readonly now: Date;
}

const present = (value: number | null | undefined): value is number => typeof value === 'number';
const positive = (value: number | null | undefined): value is number => present(value) && value > 0;

/** The year in Australia (UTC+10:00) at `now`. */
function australianYear(now: Date): number {
  return new Date(now.getTime() + AUSTRALIAN_UTC_OFFSET_HOURS * 3_600_000).getUTCFullYear();
}

function carYearIsRecent(year: number, now: Date): boolean {
  return australianYear(now) - year <= FINANCE_MAX_CAR_AGE_YEARS;
}

function passes(rule: LenderRule, car: FinanceCar, lender: FinanceLender, now: Date): boolean {
  switch (rule) {
    case 'carAge':
      return carYearIsRecent(car.year, now);
    case 'minPrice':
      return car.price > FINANCE_MIN_PRICE;
    case 'available':
      return isCarAvailable(car);
    case 'comparisonRate':
      return present(lender.comparisonRate);
    case 'weeklyPayment':
      return positive(lender.paymentWeek);
    case 'monthlyPayment':
      return positive(lender.paymentMonth);
  }
}

/**
 * §5: whether the site provider's estimate shows for a car. It needs a lender entry that exists, is
 * non-empty (some field holds a value) and has non-null interestRate and comparisonRate; no
 * `financeHidden` switch; a make not in `FINANCE_HIDDEN_MANUFACTURERS`; then the lender type's rules.
 * Payments count as present when above 0.
 */
export function financeVerdict(car: FinanceCar, context: FinanceContext): FinanceVerdict {
  const { provider } = context;
  if (provider === null) return { shown: false, reason: 'noProvider' };
  if (context.financeHidden) return { shown: false, reason: 'financeHidden' };
  const make = car.make.trim().toLowerCase();
  if (FINANCE_HIDDEN_MANUFACTURERS.some((hidden) => hidden.toLowerCase() === make)) {
    return { shown: false, reason: 'hiddenManufacturer' };
  }
  const lender = car.finance_lenders[provider];
  if (!lender) return { shown: false, reason: 'noEntry' };
  if (!Object.values(lender).some((value) => value !== null && value !== undefined)) {
    return { shown: false, reason: 'emptyEntry' };
  }
  if (!present(lender.interestRate)) return { shown: false, reason: 'noInterestRate' };
  if (!present(lender.comparisonRate)) return { shown: false, reason: 'noComparisonRate' };
  const failed = LENDER_RULES[LENDER_TYPES[provider]].find((rule) => !passes(rule, car, lender, context.now));
  return failed ? { shown: false, reason: failed } : { shown: true, provider, lender };
}

/**
 * §2 "Finance summary strips on listing and detail pages, in several layouts chosen by the finance
 * provider": the listing card's strip. The weekly-payment providers (Types A, E, F, G) lead with the
 * week's repayment, the vehicle-maker provider (Type H) with the month's, and the providers whose
 * entries carry no payment the spec relies on (Types B, C, D) with the rate. Payments in whole
 * dollars (§9); a payment layout without its payment falls back to the rate.
 */
export type ListingFinance =
  | {
      readonly layout: 'weekly' | 'monthly';
      readonly provider: FinanceProvider;
      readonly amount: string;
      readonly rate: string;
    }
  | {
      readonly layout: 'rate';
      readonly provider: FinanceProvider;
      readonly rate: string;
      readonly comparisonRate: string;
    };

export const LISTING_LAYOUTS: Readonly<Record<LenderType, 'weekly' | 'monthly' | 'rate'>> = {
  A: 'weekly',
  B: 'rate',
  C: 'rate',
  D: 'rate',
  E: 'weekly',
  F: 'weekly',
  G: 'weekly',
  H: 'monthly',
};

/** `6.5` → `6.50%`. */
export function formatRate(rate: number): string {
  return `${formatNumber(rate, 2)}%`;
}

/**
 * The week's repayment a listing card shows for a car, in whole dollars (§9), or `null` when its
 * strip shows none (hidden, a monthly or rate layout, no weekly payment). The search record's
 * `weekly_repayment` is this figure, so the "Under $X a week" filter and the card agree (issue 37
 * item 5).
 */
export function listingWeeklyRepayment(car: FinanceCar, context: FinanceContext): number | null {
  const finance = listingFinance(car, context);
  if (finance === null || finance.layout !== 'weekly') return null;
  const verdict = financeVerdict(car, context);
  return verdict.shown && positive(verdict.lender.paymentWeek)
    ? Math.round(verdict.lender.paymentWeek)
    : null;
}

/** Whether a provider's listing strip leads with the week's repayment (so a weekly filter applies). */
export function providerShowsWeekly(provider: FinanceProvider | null): boolean {
  return provider !== null && LISTING_LAYOUTS[LENDER_TYPES[provider]] === 'weekly';
}

/** The listing card's finance strip for a car, or `null` when the rules hide its estimate. */
export function listingFinance(car: FinanceCar, context: FinanceContext): ListingFinance | null {
  const verdict = financeVerdict(car, context);
  if (!verdict.shown) return null;
  const { provider, lender } = verdict;
  const rate = formatRate(lender.interestRate ?? 0);
  const layout = LISTING_LAYOUTS[LENDER_TYPES[provider]];
  const payment =
    layout === 'weekly' ? lender.paymentWeek : layout === 'monthly' ? lender.paymentMonth : null;
  if ((layout === 'weekly' || layout === 'monthly') && positive(payment)) {
    return { layout, provider, amount: formatPrice(Math.round(payment)), rate };
  }
  return { layout: 'rate', provider, rate, comparisonRate: formatRate(lender.comparisonRate ?? 0) };
}
