import type { DecisionQuestion } from '../../../machines/console-reservations/reservations-page.selectors.ts';
import { button } from '../../../styled-system/recipes';
import { DialogShell } from '../../ui/dialog-shell.tsx';
import { pageStyles } from '../../ui/page-styles.ts';

/**
 * The question before a decision (issue 36 item 4): it names the car and the deposit and says what
 * will happen; "Confirm sale" / "Release hold" sends it, Cancel (or Escape, or a click outside)
 * leaves everything as it was. While it is being sent the buttons wait.
 */
export function DecisionDialog({
  question,
  onConfirm,
  onCancel,
}: {
  question: DecisionQuestion | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <DialogShell
      title={question?.title ?? ''}
      closeLabel="Cancel"
      testId="reservation-decision"
      root={{
        open: question !== null,
        lazyMount: true,
        unmountOnExit: true,
        onOpenChange: ({ open }) => {
          if (!open && !question?.busy) onCancel();
        },
      }}
    >
      {question && (
        <>
          <DialogShell.Description>{question.question}</DialogShell.Description>
          <p className={pageStyles.text}>
            Shopper: {question.reservation.shopper.name} ({question.reservation.shopper.email})
          </p>
          <div className={pageStyles.row}>
            <button
              type="button"
              className={button()}
              onClick={onConfirm}
              disabled={question.busy}
              aria-busy={question.busy}
            >
              {question.confirmLabel}
            </button>
            <button
              type="button"
              className={button({ variant: 'ghost' })}
              onClick={onCancel}
              disabled={question.busy}
            >
              Cancel
            </button>
          </div>
        </>
      )}
    </DialogShell>
  );
}
