import type { SnapshotFrom } from 'xstate';
import type { CarSummary } from '../../domain/contracts/vehicle.ts';
import {
  PERSONALISED_FINANCE_PATH,
  type RepaymentEntry,
  type RepaymentField,
  type RepaymentInput,
  weeklyRepayment,
} from '../../domain/finance-application.ts';
import type { financePageMachine } from './finance-page.machine.ts';

type FinancePageSnapshot = SnapshotFrom<typeof financePageMachine>;

/**
 * The calculator's weekly repayment (§9: whole dollars), or null while an input does not make sense
 * (the page then shows what is wrong instead of a figure, and the application sends no figures).
 */
export const selectWeeklyRepayment = (snapshot: FinancePageSnapshot): number | null =>
  Object.keys(snapshot.context.calculatorErrors).length > 0
    ? null
    : weeklyRepayment(snapshot.context.calculator);

/** Where the page sends the shopper instead (sign-in first, or the dealer's own finance route), or null. */
export const selectRedirect = (snapshot: FinancePageSnapshot): string | null =>
  snapshot.matches('signIn') || snapshot.matches('moved') ? snapshot.context.redirectTo : null;

/** The failure message once the route could not be checked (the page offers a retry), else null. */
export const selectError = (snapshot: FinancePageSnapshot): string | null =>
  snapshot.matches('failed') ? (snapshot.context.error ?? 'Something went wrong') : null;

/** Whether the page is still checking its route or loading its car. */
export const selectIsLoading = (snapshot: FinancePageSnapshot): boolean => snapshot.hasTag('loading');

/** The application form's actor (the `formSubmission` child), once the page is ready. */
export const selectApplication = (snapshot: FinancePageSnapshot) => snapshot.children.form;

/** The car the shopper came from (`car_id`), or null. */
export const selectCar = (snapshot: FinancePageSnapshot): CarSummary | null => snapshot.context.car;

/** Whether this is the personalised flow's route (`/personalised/finance`: its own heading). */
export const selectIsPersonalised = (snapshot: FinancePageSnapshot): boolean =>
  snapshot.context.path.replace(/\/$/, '') === PERSONALISED_FINANCE_PATH;

/** One calculator input as typed. */
export const selectEntry =
  <K extends keyof RepaymentEntry>(name: K) =>
  (snapshot: FinancePageSnapshot): RepaymentEntry[K] =>
    snapshot.context.entry[name];

/** What is wrong with one calculator input, or undefined. */
export const selectCalculatorError =
  (name: RepaymentField) =>
  (snapshot: FinancePageSnapshot): string | undefined =>
    snapshot.context.calculatorErrors[name];

/** The last figures that made sense (the weekly repayment's terms). */
export const selectCalculator = (snapshot: FinancePageSnapshot): RepaymentInput =>
  snapshot.context.calculator;

/**
 * The application's prefilled fields: the car's dealership (else the preferred one of the query), when
 * it is one of `dealershipSlugs`, and the budget (the car's price, else the query's). Compare with
 * `shallowEqual`.
 */
export const selectApplicationValues =
  (dealershipSlugs: readonly string[]) =>
  (snapshot: FinancePageSnapshot): Record<string, string> => {
    const { car, prefill } = snapshot.context;
    const wanted = car?.dealership_slug ?? prefill.preferredDealership;
    const dealership = dealershipSlugs.find((slug) => slug === wanted);
    const budget = car ? Math.round(car.price) : prefill.vehiclePriceBudget;
    return {
      ...(dealership ? { dealership_slug: dealership } : {}),
      ...(budget ? { vehiclePriceBudget: String(budget) } : {}),
    };
  };

/**
 * What the application sends beside the form's fields: the car, its type, and the calculator's
 * figures while they make sense. Compare with `shallowEqual`.
 */
export const selectApplicationExtra = (snapshot: FinancePageSnapshot): Record<string, unknown> => {
  const { car, prefill, calculator } = snapshot.context;
  const weekly = selectWeeklyRepayment(snapshot);
  return {
    ...(car ? { car_id: car.id } : {}),
    ...(prefill.carType ? { car_type: prefill.carType } : {}),
    ...(weekly === null
      ? {}
      : {
          finance_deposit: calculator.deposit,
          finance_term_years: calculator.termYears,
          finance_balloon: calculator.balloon,
          weekly_repayment: weekly,
        }),
  };
};
