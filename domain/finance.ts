import type { Car, FinanceLender, FinanceProvider } from './car.ts';
import { isCarAvailable } from './car-availability.ts';
import { formatNumber, formatPrice } from './format.ts';
import { addMonths, australianToday, formatAustralianDate } from './spec-rows.ts';

/**
 * Finance-estimate eligibility and display (`search-detail-finance-watchlist.md` §3 Finance lender
 * entry, §5 "Finance-estimate display", §9 Finance; `locations-forms-tradein-site.md` §9 finance
 * default interest rate). A car shows the estimate of the site's `finance_provider` only: the other
 * providers' entries belong to other sites, so there is no fallback to them.
 */

/**
 * §5: finance is hidden for "one named manufacturer"; the spec does not name it. A make absent from
 * the demo stock, so the rule is exercised by tests without hiding any demo car's finance.
 */
export const FINANCE_HIDDEN_MANUFACTURERS: readonly string[] = ['Ferrari'];
/** §5, §9: "price above 500" (exclusive). */
export const FINANCE_MIN_PRICE = 500;
/** §5 Type A, §9: "car year within the last 12 years". */
export const FINANCE_MAX_CAR_AGE_YEARS = 12;
/** §5 Type A: "Deposit 10%". */
export const TYPE_A_DEPOSIT_PERCENT = 10;
/** §5 Type A: "offer valid one month ahead". */
export const TYPE_A_VALID_MONTHS = 1;
/** §9: estimates are shown for a 5-year term on a $30,000 secured loan (comparison-rate basis). */
export const FINANCE_TERM_YEARS = 5;
/** §9: the secured-loan amount the comparison rate is based on. */
export const COMPARISON_LOAN_AMOUNT = 30_000;
/** §9 "Finance repayment disclaimer: the figure is indicative only and not a quote." */
export const FINANCE_DISCLAIMER = 'The figure is indicative only and not a quote.';
/** §9: the comparison-rate basis shown with every estimate. */
export const COMPARISON_RATE_BASIS = `Comparison rate based on a ${formatPrice(COMPARISON_LOAN_AMOUNT)} secured loan over a ${FINANCE_TERM_YEARS}-year term.`;

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

function carYearIsRecent(year: number, now: Date): boolean {
  return Number(australianToday(now).slice(0, 4)) - year <= FINANCE_MAX_CAR_AGE_YEARS;
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

/** The estimate a car shows: its provider and lender entry, or `null` when none shows. */
export function chooseFinanceEstimate(
  car: FinanceCar,
  context: FinanceContext,
): { readonly provider: FinanceProvider; readonly lender: FinanceLender } | null {
  const verdict = financeVerdict(car, context);
  return verdict.shown ? { provider: verdict.provider, lender: verdict.lender } : null;
}

/**
 * A finance estimate ready to render (summary strips, 'Car Finance' card): payments as `$123` in whole
 * dollars (§9) or `null`, rates as `6.49%`, the term as `5 years` (the entry's, else §9's 5 years).
 */
export interface FinanceEstimateDisplay {
  readonly provider: FinanceProvider;
  readonly lenderType: LenderType;
  /** Which payment leads: monthly for Type H, and where there is no weekly payment. */
  readonly frequency: 'weekly' | 'monthly';
  readonly weekly: string | null;
  readonly monthly: string | null;
  readonly interestRate: string;
  readonly comparisonRate: string;
  readonly term: string;
  readonly deposit: string | null;
  readonly balloon: string | null;
  /** Type A only: `14 March 2027`, one month ahead. */
  readonly validUntil: string | null;
  /** The provider's own disclaimer from the entry, for the finance-disclaimer modal. */
  readonly lenderDisclaimer: string | null;
  readonly comparisonBasis: string;
  readonly disclaimer: string;
}

/** `6.5` → `6.50%`. */
export function formatRate(rate: number): string {
  return `${formatNumber(rate, 2)}%`;
}

function termText(lender: FinanceLender): string {
  if (positive(lender.termYears)) return `${lender.termYears} years`;
  if (positive(lender.termMonths)) return `${lender.termMonths} months`;
  return `${FINANCE_TERM_YEARS} years`;
}

/**
 * §5, §9: the estimate of `chooseFinanceEstimate`, or `null` when none shows. Weekly and monthly
 * payments are rounded to whole dollars. Type A shows a 10% deposit of the price and an offer valid
 * one month ahead; other types show the entry's deposit and balloon when above 0.
 */
export function financeEstimate(car: FinanceCar, context: FinanceContext): FinanceEstimateDisplay | null {
  const verdict = financeVerdict(car, context);
  if (!verdict.shown) return null;
  const { provider, lender } = verdict;
  const lenderType = LENDER_TYPES[provider];
  const typeA = lenderType === 'A';
  const weekly = positive(lender.paymentWeek) ? formatPrice(Math.round(lender.paymentWeek)) : null;
  const monthly = positive(lender.paymentMonth) ? formatPrice(Math.round(lender.paymentMonth)) : null;
  const deposit = typeA ? Math.round((car.price * TYPE_A_DEPOSIT_PERCENT) / 100) : lender.deposit;
  return {
    provider,
    lenderType,
    frequency: lenderType === 'H' || weekly === null ? 'monthly' : 'weekly',
    weekly,
    monthly,
    interestRate: formatRate(lender.interestRate ?? 0),
    comparisonRate: formatRate(lender.comparisonRate ?? 0),
    term: termText(lender),
    deposit: positive(deposit) ? formatPrice(deposit) : null,
    balloon: positive(lender.balloon) ? formatPrice(lender.balloon) : null,
    validUntil: typeA
      ? formatAustralianDate(addMonths(australianToday(context.now), TYPE_A_VALID_MONTHS))
      : null,
    lenderDisclaimer: lender.disclaimer?.trim() || null,
    comparisonBasis: COMPARISON_RATE_BASIS,
    disclaimer: FINANCE_DISCLAIMER,
  };
}
