import { type RefObject, useEffect } from 'react';

/** About half a second at 60 frames a second; then the main region holds the focus until the heading shows. */
const FRAMES_FOR_A_HEADING = 30;
/** About ten seconds: a page's module and its data may arrive before the element a hash names. */
const FRAMES_FOR_A_TARGET = 600;

/** Focuses an element without moving the page, making it focusable first when it is not. */
function focusInPlace(target: HTMLElement): void {
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
}

/** The element a location's hash names (`#enquiry-form`), or null. */
function hashTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return document.getElementById(id);
}

/**
 * Where a client navigation leaves the page and the focus (issue 31 items 12 and 13), as a full load
 * would:
 * - a link or `navigate` to a new page (wouter's `pushState`) starts at the top, and a keyboard or
 *   screen-reader user whose focused element went away with the old page gets the new page's heading
 *   (the main region holds it meanwhile if the heading takes more than half a second), which screen readers announce. Focus that
 *   survived the navigation (a field the page focused, the search box) stays where it is;
 * - an address with a hash (`#enquiry-form`, `#finance-form`) scrolls to that element and focuses it,
 *   on the same page or once the new page shows it;
 * - Back and Forward (`popstate`) leave the position to the browser, which restores the page's own,
 *   and only move a lost focus to the heading; a plain anchor's `hashchange` (the browser scrolled)
 *   focuses its target.
 * A new address on the same page without a hash (a listing's filters) moves nothing: the page decides.
 */
export function useFocusAfterNavigation(main: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let frame = 0;
    let path = location.pathname;
    /** Looks for an element each frame, for up to `frames` frames; then hands on what it found. */
    const whenFound = (
      find: () => HTMLElement | null,
      frames: number,
      then: (found: HTMLElement | null) => void,
    ) => {
      cancelAnimationFrame(frame);
      let count = 0;
      const look = () => {
        const found = find();
        if (found || ++count >= frames) then(found);
        else frame = requestAnimationFrame(look);
      };
      frame = requestAnimationFrame(look);
    };
    /**
     * Gives a lost focus to the new page's heading. `before` is the heading on screen when the address
     * changed: the old page's, still there until React renders the new one, so never the answer. A
     * page whose heading has not shown within half a second (its module or data still on the way)
     * lends the focus to the main region, and the heading takes it from there when it arrives.
     */
    const focusHeading = (before: HTMLElement | null) => {
      let lent: HTMLElement | null = null;
      const lost = () => {
        const focused = document.activeElement;
        return !focused || focused === document.body || focused === lent;
      };
      let count = 0;
      whenFound(
        () => {
          const heading = main.current?.querySelector<HTMLElement>('h1') ?? null;
          if (heading && heading !== before) return heading;
          if (++count === FRAMES_FOR_A_HEADING && main.current && lost()) {
            lent = main.current;
            focusInPlace(lent);
          }
          return null;
        },
        FRAMES_FOR_A_TARGET,
        (heading) => {
          if (heading && lost()) focusInPlace(heading);
        },
      );
    };
    const currentHeading = () => main.current?.querySelector<HTMLElement>('h1') ?? null;
    const onNavigation = (event: Event) => {
      const newPage = location.pathname !== path;
      const before = currentHeading();
      path = location.pathname;
      // A redirect replaces the address the navigation before it already handled.
      if (event.type === 'replaceState') return;
      if (event.type === 'hashchange') {
        const target = hashTarget(location.hash);
        if (target) focusInPlace(target);
        return;
      }
      if (event.type === 'popstate') {
        if (newPage) focusHeading(before);
        return;
      }
      if (location.hash.length > 1) {
        if (newPage) window.scrollTo({ top: 0, behavior: 'instant' });
        whenFound(
          () => hashTarget(location.hash),
          FRAMES_FOR_A_TARGET,
          (target) => {
            if (!target) return focusHeading(before);
            target.scrollIntoView({ block: 'start', behavior: 'instant' });
            focusInPlace(target);
          },
        );
        return;
      }
      if (!newPage) return;
      window.scrollTo({ top: 0, behavior: 'instant' });
      focusHeading(before);
    };
    // wouter announces its own navigations as `pushState` and `replaceState` events (it patches `history`).
    const types = ['pushState', 'replaceState', 'popstate', 'hashchange'];
    for (const type of types) addEventListener(type, onNavigation);
    return () => {
      cancelAnimationFrame(frame);
      for (const type of types) removeEventListener(type, onNavigation);
    };
  }, [main]);
}
