import type { FinanceLender, FinanceProvider } from './car.ts';
import {
  FINANCE_DISCLAIMER,
  FINANCE_TERM_YEARS,
  type FinanceCar,
  type FinanceContext,
  financeVerdict,
  formatRate,
  LENDER_TYPES,
  type LenderType,
} from './finance-rules.ts';
import { formatAustralianDate, formatPrice } from './format.ts';
import { addMonths, australianToday } from './spec-rows.ts';

export {
  FINANCE_DISCLAIMER,
  FINANCE_HIDDEN_MANUFACTURERS,
  FINANCE_MAX_CAR_AGE_YEARS,
  FINANCE_MIN_PRICE,
  FINANCE_TERM_YEARS,
  type FinanceCar,
  type FinanceContext,
  type FinanceHiddenReason,
  type FinanceVerdict,
  financeVerdict,
  formatRate,
  LENDER_RULES,
  LENDER_TYPES,
  type LenderRule,
  type LenderType,
} from './finance-rules.ts';

const positive = (value: number | null | undefined): value is number =>
  typeof value === 'number' && value > 0;

/**
 * The car page's finance estimate (`search-detail-finance-watchlist.md` §3 Finance lender entry, §5
 * "Finance-estimate display", §9 Finance; `locations-forms-tradein-site.md` §9 finance default
 * interest rate): whether it shows is `finance-rules.ts`; this is what it shows.
 */

/** §5 Type A: "Deposit 10%". */
export const TYPE_A_DEPOSIT_PERCENT = 10;
/** §5 Type A: "offer valid one month ahead". */
export const TYPE_A_VALID_MONTHS = 1;
/** §9: the secured-loan amount the comparison rate is based on. */
export const COMPARISON_LOAN_AMOUNT = 30_000;
/** §9: the comparison-rate basis shown with every estimate. */
export const COMPARISON_RATE_BASIS = `Comparison rate based on a ${formatPrice(COMPARISON_LOAN_AMOUNT)} secured loan over a ${FINANCE_TERM_YEARS}-year term.`;

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
