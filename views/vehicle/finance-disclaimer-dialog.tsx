import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
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
import { modal } from '../../styled-system/recipes';
import { Spinner } from './spinner.tsx';

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
  const styles = modal();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) actorRef.send({ type: 'disclaimer.close' });
      }}
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content} data-testid="finance-disclaimer">
            <Dialog.Title className={styles.title}>Finance disclaimer</Dialog.Title>
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
            {disclaimer && (
              <Dialog.Description className={styles.description}>{disclaimer}</Dialog.Description>
            )}
            <p className={css({ fontSize: 'sm' })}>
              {finance.disclaimer} {finance.comparisonBasis}
            </p>
            <Dialog.CloseTrigger className={styles.closeTrigger} aria-label="Close">
              ×
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
