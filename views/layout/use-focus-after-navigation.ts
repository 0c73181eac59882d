import { type RefObject, useEffect } from 'react';

/** About half a second at 60 frames a second; then the main region takes focus instead. */
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
 *   (or the main region if none shows within half a second), which screen readers announce. Focus that
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
    const focusHeading = () =>
      whenFound(
        () => main.current?.querySelector<HTMLElement>('h1') ?? null,
        FRAMES_FOR_A_HEADING,
        (heading) => {
          const focused = document.activeElement;
          if (focused && focused !== document.body) return;
          const target = heading ?? main.current;
          if (target) focusInPlace(target);
        },
      );
    const onNavigation = (event: Event) => {
      const newPage = location.pathname !== path;
      path = location.pathname;
      // A redirect replaces the address the navigation before it already handled.
      if (event.type === 'replaceState') return;
      if (event.type === 'hashchange') {
        const target = hashTarget(location.hash);
        if (target) focusInPlace(target);
        return;
      }
      if (event.type === 'popstate') {
        if (newPage) focusHeading();
        return;
      }
      if (location.hash.length > 1) {
        if (newPage) window.scrollTo({ top: 0, behavior: 'instant' });
        whenFound(
          () => hashTarget(location.hash),
          FRAMES_FOR_A_TARGET,
          (target) => {
            if (!target) return focusHeading();
            target.scrollIntoView({ block: 'start', behavior: 'instant' });
            focusInPlace(target);
          },
        );
        return;
      }
      if (!newPage) return;
      window.scrollTo({ top: 0, behavior: 'instant' });
      focusHeading();
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
