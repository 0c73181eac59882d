import { z } from 'zod/mini';
import { FINANCE_TERM_YEARS } from './finance.ts';

/**
 * The finance page (`search-detail-finance-watchlist.md` §2 "/finance, /finance-enquiry or
 * /apply-for-finance (site dependent) | Finance form. Query parameters preferredDealership,
 * vehiclePriceBudget, car_id, car_type; anchor #finance-form", §9 "weekly payments rounded to whole
 * dollars … default calculator interest 8.5%", "the figure is indicative only and not a quote";
 * `locations-forms-tradein-site.md` §2 `/personalised/finance?car_id=`; issue 17 item 4): the
 * repayment calculator and what the page reads from its URL.
 */

/** §9: the calculator's interest rate when the dealer sets none. */
export const DEFAULT_CALCULATOR_RATE = 8.5;
/** The anchor of the application form (§2). */
export const FINANCE_FORM_ANCHOR = 'finance-form';
/** The lead a pre-approval application sends. */
export const FINANCE_CATEGORY = 'Finance Enquiry';
export const PRE_APPROVAL_SUBCATEGORY = 'Pre-Approval';
/** The personalised finance flow (§2), for the dealer with the `personalisedFlow` switch. */
export const PERSONALISED_FINANCE_PATH = '/personalised/finance';
/** The finance routes a dealer may use (§2). */
export const FINANCE_PATHS = ['/finance', '/finance-enquiry', '/apply-for-finance'] as const;

/** The calculator's inputs: whole dollars and whole years. */
export interface RepaymentInput {
  price: number;
  deposit: number;
  termYears: number;
  /** The amount left to pay at the end (a balloon or residual), in dollars. */
  balloon: number;
  /** Yearly interest, in percent. */
  ratePercent: number;
}

/** The calculator's bounds. */
export const CALCULATOR_LIMITS = {
  price: { min: 0, max: 2_000_000 },
  termYears: { min: 1, max: 7 },
} as const;

/** The calculator as it starts: the car's price (or the budget), 10 % down, 5 years, no balloon. */
export function initialRepayment(price: number | null, ratePercent: number): RepaymentInput {
  const start = price && price > 0 ? Math.round(price) : 30_000;
  return {
    price: start,
    deposit: Math.round(start * 0.1),
    termYears: FINANCE_TERM_YEARS,
    balloon: 0,
    ratePercent,
  };
}

/**
 * The calculator's inputs kept within sense: numbers only, nothing negative, a deposit and a balloon
 * that together leave something to borrow, a term of 1 to 7 years.
 */
export function clampRepayment(input: RepaymentInput): RepaymentInput {
  const whole = (value: number, min: number, max: number) =>
    Math.min(max, Math.max(min, Number.isFinite(value) ? Math.round(value) : min));
  const price = whole(input.price, CALCULATOR_LIMITS.price.min, CALCULATOR_LIMITS.price.max);
  const deposit = whole(input.deposit, 0, price);
  const balloon = whole(input.balloon, 0, price - deposit);
  const termYears = whole(input.termYears, CALCULATOR_LIMITS.termYears.min, CALCULATOR_LIMITS.termYears.max);
  return { price, deposit, balloon, termYears, ratePercent: input.ratePercent };
}

/**
 * §9: the weekly repayment, rounded to whole dollars — an annuity over `termYears × 52` weeks at
 * `ratePercent / 52` a week on the price less the deposit, with the balloon left to pay at the end.
 */
export function weeklyRepayment(input: RepaymentInput): number {
  const { price, deposit, termYears, balloon, ratePercent } = clampRepayment(input);
  const principal = price - deposit;
  const weeks = termYears * 52;
  const rate = ratePercent / 100 / 52;
  if (principal <= 0) return 0;
  if (rate === 0) return Math.round((principal - balloon) / weeks);
  const growth = (1 + rate) ** weeks;
  return Math.round(((principal - balloon / growth) * rate) / (1 - 1 / growth));
}

/** What the finance page reads from its URL (§2); anything malformed is left out. */
export interface FinancePrefill {
  preferredDealership: string | null;
  vehiclePriceBudget: number | null;
  carId: number | null;
  carType: 'new' | 'used' | 'demo' | null;
}

const prefillSchema = z.object({
  preferredDealership: z.catch(
    z.nullable(z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), z.maxLength(100))),
    null,
  ),
  vehiclePriceBudget: z.catch(
    z.nullable(z.pipe(z.string().check(z.regex(/^\d{1,7}$/)), z.transform(Number))),
    null,
  ),
  car_id: z.catch(z.nullable(z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number))), null),
  car_type: z.catch(z.nullable(z.enum(['new', 'used', 'demo'])), null),
});

/** §2's query parameters, read without trusting them. */
export function financePrefill(search: string): FinancePrefill {
  const query = new URLSearchParams(search);
  const read = (name: string) => query.get(name);
  const parsed = z.parse(prefillSchema, {
    preferredDealership: read('preferredDealership'),
    vehiclePriceBudget: read('vehiclePriceBudget'),
    car_id: read('car_id'),
    car_type: read('car_type'),
  });
  return {
    preferredDealership: parsed.preferredDealership,
    vehiclePriceBudget: parsed.vehiclePriceBudget,
    carId: parsed.car_id,
    carType: parsed.car_type,
  };
}
