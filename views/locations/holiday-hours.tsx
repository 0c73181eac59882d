import { lazy, Suspense, useRef, useState } from 'react';
import { css } from '../../styled-system/css';

// The dialog's code (Ark Dialog, focus trap, scroll lock) loads on the first click, not with the page.
const HolidayHoursDialog = lazy(() =>
  import('./holiday-hours-dialog.tsx').then((module) => ({ default: module.HolidayHoursDialog })),
);

/** §2 the opening-hours panel's "Holiday Opening Hours": a button that opens them in a dialog. */
export function HolidayHours({
  locationName,
  rows,
}: {
  locationName: string;
  rows: readonly { label: string; text: string }[];
}) {
  // Whether the dialog is open is the widget's own (decision: a pure widget may own its state).
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className={css({
          mt: '2',
          fontSize: 'sm',
          fontWeight: 'semibold',
          color: 'accent',
          textDecoration: 'underline',
          cursor: 'pointer',
        })}
      >
        Holiday Opening Hours
      </button>
      {open && (
        <Suspense fallback={null}>
          <HolidayHoursDialog
            locationName={locationName}
            rows={rows}
            onClose={() => setOpen(false)}
            trigger={() => button.current}
          />
        </Suspense>
      )}
    </>
  );
}
