import { useSelector } from '@xstate/react';
import type { FinanceEstimateDisplay } from '../../domain/finance.ts';
import type { FinanceDisclaimerActorRef } from '../../machines/finance-disclaimer/finance-disclaimer.machine.ts';
import {
  selectDisclaimer,
  selectError,
  selectIsLoading,
  selectIsOpen,
} from '../../machines/finance-disclaimer/finance-disclaimer.selectors.ts';
import { css } from '../../styled-system/css';
import { DialogShell } from '../ui/dialog-shell.tsx';
import { Spinner } from '../ui/spinner.tsx';

/** §2 Modals: the finance-disclaimer modal; its text loads lazily, with a spinner until it has (§4). */
export function FinanceDisclaimerDialog({
  actorRef,
  finance,
}: {
  actorRef: FinanceDisclaimerActorRef;
  finance: FinanceEstimateDisplay;
}) {
  const open = useSelector(actorRef, selectIsOpen);
  const loading = useSelector(actorRef, selectIsLoading);
  const disclaimer = useSelector(actorRef, selectDisclaimer);
  const error = useSelector(actorRef, selectError);
  return (
    <DialogShell
      title="Finance disclaimer"
      closeLabel="Close"
      testId="finance-disclaimer"
      root={{
        open,
        onOpenChange: (details) => {
          if (!details.open) actorRef.send({ type: 'disclaimer.close' });
        },
      }}
    >
      {loading && <Spinner label="Loading the finance disclaimer" />}
      {error !== null && (
        <div role="alert" className={css({ display: 'grid', gap: '2' })}>
          <p>{error}</p>
          <button
            type="button"
            onClick={() => actorRef.send({ type: 'retry' })}
            className={css({
              justifySelf: 'start',
              color: 'accent',
              fontWeight: 'semibold',
              cursor: 'pointer',
            })}
          >
            Try again
          </button>
        </div>
      )}
      {disclaimer && <DialogShell.Description>{disclaimer}</DialogShell.Description>}
      <p className={css({ fontSize: 'sm' })}>
        {finance.disclaimer} {finance.comparisonBasis}
      </p>
    </DialogShell>
  );
}
