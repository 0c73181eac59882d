import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { FinanceEstimateDisplay } from '../../domain/finance.ts';
import type { FinanceDisclaimerActorRef } from '../../machines/finance-disclaimer/finance-disclaimer.machine.ts';
import { selectIsOpen } from '../../machines/finance-disclaimer/finance-disclaimer.selectors.ts';
import { css } from '../../styled-system/css';
import { Spinner } from '../ui/spinner.tsx';

// §4 "The finance disclaimer loads lazily": the modal's code as well as its text.
const FinanceDisclaimerDialog = lazy(() =>
  import('./finance-disclaimer-dialog.tsx').then((module) => ({ default: module.FinanceDisclaimerDialog })),
);

/** The headline repayment: weekly, or monthly for the monthly-payment provider and where no weekly exists. */
function repayment(finance: FinanceEstimateDisplay): { amount: string; period: string } | null {
  if (finance.frequency === 'weekly' && finance.weekly) return { amount: finance.weekly, period: 'per week' };
  if (finance.monthly) return { amount: finance.monthly, period: 'per month' };
  return finance.weekly ? { amount: finance.weekly, period: 'per week' } : null;
}

/** §2 finance summary strip on the detail page, laid out by the provider's payment frequency. */
export function FinanceSummary({
  finance,
  disclaimerRef,
}: {
  finance: FinanceEstimateDisplay;
  disclaimerRef: FinanceDisclaimerActorRef;
}) {
  const open = useSelector(disclaimerRef, selectIsOpen);
  const headline = repayment(finance);
  const facts = [
    `${finance.interestRate} p.a.`,
    `comparison rate ${finance.comparisonRate} p.a.`,
    finance.term,
    finance.deposit ? `${finance.deposit} deposit` : null,
    finance.balloon ? `${finance.balloon} balloon` : null,
  ].filter(Boolean);
  return (
    <section
      aria-label="Finance estimate"
      data-testid="finance-summary"
      data-provider={finance.provider}
      className={css({ p: '4', bg: 'brandSubtle', borderRadius: 'control', display: 'grid', gap: '1' })}
    >
      {headline && (
        <p className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          {headline.amount}{' '}
          <span className={css({ fontSize: 'md', fontWeight: 'normal' })}>{headline.period}*</span>
        </p>
      )}
      <p>{facts.join(' · ')}</p>
      {finance.validUntil && <p>Offer valid until {finance.validUntil}.</p>}
      <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>
        * {finance.disclaimer} {finance.comparisonBasis}{' '}
        <button
          type="button"
          onClick={() => disclaimerRef.send({ type: 'disclaimer.open' })}
          className={css({
            color: 'accent',
            textDecoration: 'underline',
            cursor: 'pointer',
            fontWeight: 'semibold',
          })}
        >
          Finance disclaimer
        </button>
      </p>
      {open && (
        <Suspense fallback={<Spinner label="Loading the finance disclaimer" />}>
          <FinanceDisclaimerDialog actorRef={disclaimerRef} finance={finance} />
        </Suspense>
      )}
    </section>
  );
}
