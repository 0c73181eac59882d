import { useSelector } from '@xstate/react';
import type { RepaymentField } from '../../domain/finance-application.ts';
import type { FinancePageActorRef } from '../../machines/finance-application/finance-page.machine.ts';
import {
  selectCalculatorError,
  selectEntry,
} from '../../machines/finance-application/finance-page.selectors.ts';
import { pageStyles } from '../ui/page-styles.ts';
import { financeStyles } from './finance-styles.ts';

/** One whole-dollar input of the calculator, with what is wrong with it under it. */
export function DollarInput({
  actorRef,
  name,
  label,
}: {
  actorRef: FinancePageActorRef;
  name: Exclude<RepaymentField, 'termYears'>;
  label: string;
}) {
  const value = useSelector(actorRef, selectEntry(name));
  const error = useSelector(actorRef, selectCalculatorError(name));
  const errorId = `calculator-${name}-error`;
  return (
    <label className={financeStyles.field}>
      {label}
      <input
        className={financeStyles.input}
        inputMode="numeric"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) =>
          actorRef.send({ type: 'calculator.change', values: { [name]: event.target.value } })
        }
      />
      {error && (
        <span id={errorId} className={pageStyles.fieldError}>
          {error}
        </span>
      )}
    </label>
  );
}
