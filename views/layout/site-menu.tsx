import { lazy, Suspense, useState } from 'react';
import { css } from '../../styled-system/css';

const loadSheet = () => import('./site-menu-sheet.tsx');
const SiteMenuSheet = lazy(() => loadSheet().then((module) => ({ default: module.SiteMenuSheet })));

/** The phone header's two controls, alike: "Call" and "Menu". */
export const headerButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '11',
  px: '3',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'brandFg',
  fontWeight: 'semibold',
  textDecoration: 'none',
  cursor: 'pointer',
  bg: 'transparent',
  color: 'brandFg',
});

/**
 * The phone header's "Menu" button and the sheet it opens (issue 37 item 1): the header's menus and
 * account links in a dialog from the side (focus kept inside, Escape and a click outside close it,
 * focus back on the button). The sheet's code is fetched when a shopper shows the intent to open it
 * — a touch, the pointer over it, keyboard focus — and never with the page (decision 070). The
 * header keys this by location, so a navigation closes the sheet.
 */
export function SiteMenu() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const prefetch = () => {
    void loadSheet().catch(() => undefined);
  };
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={headerButton}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        Menu
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <SiteMenuSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
