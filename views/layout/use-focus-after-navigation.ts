import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** About half a second at 60 frames a second; then the main region takes focus instead. */
const FRAMES_FOR_A_HEADING = 30;

/**
 * After a navigation to a new path, a keyboard or screen-reader user whose focused element went away
 * with the old page (a suggestion, a menu link, a card) would otherwise start again from the top
 * of the document. When focus has fallen to the body, it moves to the new page's heading (or the
 * main region if none shows within half a second), which screen readers announce. Focus that survived the
 * navigation (a field the page focused, the search box) stays where it is.
 */
export function useFocusAfterNavigation(main: RefObject<HTMLElement | null>): void {
  const [path] = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs once per navigation, which `path` marks.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The new page may take a few frames to show its heading (its module, its first render).
    let frame = 0;
    let frames = 0;
    const settle = () => {
      const region = main.current;
      const focused = document.activeElement;
      if (!region || (focused && focused !== document.body)) return;
      const heading = region.querySelector<HTMLElement>('h1');
      if (!heading && ++frames < FRAMES_FOR_A_HEADING) {
        frame = requestAnimationFrame(settle);
        return;
      }
      const target = heading ?? region;
      if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
      target.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
  }, [path, main]);
}
