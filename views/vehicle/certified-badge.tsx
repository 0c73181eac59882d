import { lazy, Suspense, useRef, useState } from 'react';
import { CERTIFIED_BENEFITS } from '../../domain/vehicle-actions.ts';
import { css } from '../../styled-system/css';
import { badge as badgeStyle } from '../../styled-system/recipes';

// The modal's code (Ark Dialog, focus trap, scroll lock) loads on the first click, not with the page.
const CertifiedBenefitsDialog = lazy(() =>
  import('./certified-benefits-dialog.tsx').then((module) => ({ default: module.CertifiedBenefitsDialog })),
);

/** §2 Modals: the certified badge, a button that opens the certified-vehicle benefits. */
export function CertifiedBadge() {
  const [open, setOpen] = useState(false);
  const badge = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={badge}
        type="button"
        data-testid="certified-badge"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className={`${badgeStyle()} ${css({ bg: 'accent', color: 'surface', cursor: 'pointer' })}`}
      >
        {CERTIFIED_BENEFITS.title}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CertifiedBenefitsDialog onClose={() => setOpen(false)} trigger={() => badge.current} />
        </Suspense>
      )}
    </>
  );
}
