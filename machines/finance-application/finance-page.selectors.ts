import type { SnapshotFrom } from 'xstate';
import { weeklyRepayment } from '../../domain/finance-application.ts';
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
