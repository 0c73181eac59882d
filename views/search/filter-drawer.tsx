import { lazy, Suspense, useState } from 'react';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';

const loadDialog = () => import('./filter-drawer-dialog.tsx');
const FilterDrawerDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.FilterDrawerDialog })),
);
const prefetchDialog = () => {
  void loadDialog().catch(() => undefined);
};

/**
 * The filters on small screens: a 'Filters' button opens them in a drawer. The drawer's code (a
 * dialog with its focus trap) is fetched on the shopper's intent to open it — a touch, the pointer
 * over the button, keyboard focus — and never with the page (decision 070, issue 38 item 3).
 */
export function FilterDrawer({ actorRef, showMeLabel }: { actorRef: SearchActorRef; showMeLabel: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetchDialog}
        onTouchStart={prefetchDialog}
        onFocus={prefetchDialog}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className={`${button({ variant: 'outline' })} ${css({ display: { base: 'inline-flex', lg: 'none' } })}`}
      >
        Filters
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <FilterDrawerDialog
            actorRef={actorRef}
            showMeLabel={showMeLabel}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </>
  );
}
