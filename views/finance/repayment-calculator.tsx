import { useSelector } from '@xstate/react';
import { FINANCE_DISCLAIMER } from '../../domain/finance-rules.ts';
import { formatPrice } from '../../domain/format.ts';
import type { FinancePageActorRef } from '../../machines/finance-application/finance-page.machine.ts';
import {
  selectCalculator,
  selectEntry,
  selectWeeklyRepayment,
} from '../../machines/finance-application/finance-page.selectors.ts';
import { css } from '../../styled-system/css';
import { pageStyles } from '../ui/page-styles.ts';
import { DollarInput } from './dollar-input.tsx';
import { financeStyles } from './finance-styles.ts';

const TERMS = [1, 2, 3, 4, 5, 6, 7] as const;
const years = (count: number) => `${count} ${count === 1 ? 'year' : 'years'}`;

/** The repayment calculator (§9): its inputs follow the machine; the weekly figure is the domain's. */
export function RepaymentCalculator({ actorRef }: { actorRef: FinancePageActorRef }) {
  const calculator = useSelector(actorRef, selectCalculator);
  const termYears = useSelector(actorRef, selectEntry('termYears'));
  const weekly = useSelector(actorRef, selectWeeklyRepayment);
  return (
    <section
      className={financeStyles.panel}
      aria-labelledby="calculator-heading"
      data-testid="finance-calculator"
    >
      <h2 id="calculator-heading" className={financeStyles.sectionHeading}>
        Repayment calculator
      </h2>
      <div
        className={css({
          display: 'grid',
          gap: '3',
          mt: '3',
          gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
        })}
      >
        <DollarInput actorRef={actorRef} name="price" label="Vehicle price ($)" />
        <DollarInput actorRef={actorRef} name="deposit" label="Deposit ($)" />
        <label className={financeStyles.field}>
          Term
          <select
            className={financeStyles.input}
            value={termYears}
            onChange={(event) =>
              actorRef.send({ type: 'calculator.change', values: { termYears: event.target.value } })
            }
          >
            {TERMS.map((count) => (
              <option key={count} value={count}>
                {years(count)}
              </option>
            ))}
          </select>
        </label>
        <DollarInput actorRef={actorRef} name="balloon" label="Balloon ($)" />
      </div>
      {weekly === null ? (
        <p className={css({ mt: '4', fontWeight: 'semibold' })} data-testid="finance-weekly" role="status">
          Check the figures above to see your weekly repayment.
        </p>
      ) : (
        <>
          <p className={css({ mt: '4', fontSize: '2xl', fontWeight: 'bold' })} data-testid="finance-weekly">
            {formatPrice(weekly)} per week
          </p>
          <p className={pageStyles.text}>
            At {calculator.ratePercent}% p.a. over {years(calculator.termYears)}, borrowing{' '}
            {formatPrice(calculator.price - calculator.deposit)}
            {calculator.balloon > 0 ? ` with a ${formatPrice(calculator.balloon)} balloon` : ''}.
          </p>
        </>
      )}
      <p className={pageStyles.text} data-testid="finance-disclaimer">
        {FINANCE_DISCLAIMER}
      </p>
    </section>
  );
}
