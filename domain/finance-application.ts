import { z } from 'zod/mini';
import { FINANCE_TERM_YEARS } from './finance-rules.ts';

// Beside the other forms' categories, so the form pages' definitions do not load the finance page's rules.
export { FINANCE_CATEGORY } from './site-forms.ts';

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
/** The lead a pre-approval application sends: {@link FINANCE_CATEGORY}, this subcategory. */
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

/** The calculator's figures as the shopper typed them (the term is chosen from a list). */
export interface RepaymentEntry {
  price: string;
  deposit: string;
  balloon: string;
  termYears: string;
}
/** One input of the calculator. */
export type RepaymentField = keyof RepaymentEntry;

/** What the calculator says of an entry it cannot work with, beside that input. */
export const CALCULATOR_MESSAGES: Readonly<Record<RepaymentField, string>> = {
  price: 'Please enter the vehicle price in whole dollars.',
  deposit: 'Please enter a deposit in whole dollars, less than the vehicle price.',
  balloon: 'Please enter a balloon in whole dollars, less than the amount you borrow.',
  termYears: 'Please choose a term of 1 to 7 years.',
};

/** The calculator's figures as its inputs show them. */
export function repaymentEntry(input: RepaymentInput): RepaymentEntry {
  return {
    price: String(input.price),
    deposit: String(input.deposit),
    balloon: String(input.balloon),
    termYears: String(input.termYears),
  };
}

/** Whole dollars as typed (`$36,990`, `36 990`); '' when `optional` is 0; otherwise null. */
function dollars(text: string, optional: boolean): number | null {
  const bare = text.replace(/[$,\s]/g, '');
  if (bare === '') return optional ? 0 : null;
  return /^\d{1,9}$/.test(bare) ? Number(bare) : null;
}

/**
 * The calculator's figures from what the shopper typed, or why not, field by field: a price of $1 to
 * $2,000,000, a deposit below the price, a balloon below what is left to borrow (an empty deposit or
 * balloon is none), a term of 1 to 7 years. Words, cents or a balloon above the price are refused,
 * never read as $0 or quietly cut down.
 */
export function readRepayment(
  entry: RepaymentEntry,
  ratePercent: number,
): { ok: true; input: RepaymentInput } | { ok: false; errors: Partial<Record<RepaymentField, string>> } {
  const errors: Partial<Record<RepaymentField, string>> = {};
  const price = dollars(entry.price, false);
  if (price === null || price < 1 || price > CALCULATOR_LIMITS.price.max)
    errors.price = CALCULATOR_MESSAGES.price;
  const deposit = dollars(entry.deposit, true);
  if (deposit === null || (price !== null && deposit >= price)) errors.deposit = CALCULATOR_MESSAGES.deposit;
  const balloon = dollars(entry.balloon, true);
  const borrowed = price !== null && !errors.deposit ? price - (deposit ?? 0) : null;
  if (balloon === null || (balloon > 0 && borrowed !== null && balloon >= borrowed))
    errors.balloon = CALCULATOR_MESSAGES.balloon;
  const termYears = Number(entry.termYears);
  const { min, max } = CALCULATOR_LIMITS.termYears;
  if (!Number.isInteger(termYears) || termYears < min || termYears > max)
    errors.termYears = CALCULATOR_MESSAGES.termYears;
  if (Object.keys(errors).length > 0 || price === null || deposit === null || balloon === null)
    return { ok: false, errors };
  return { ok: true, input: { price, deposit, balloon, termYears, ratePercent } };
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
