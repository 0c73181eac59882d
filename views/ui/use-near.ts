import { useEffect, useRef } from 'react';

/** How far below the screen a part counts as near: it starts loading while the shopper scrolls to it. */
const NEAR_MARGIN = '600px 0px';

/**
 * Calls `onNear` once, when the returned ref's element comes near the screen (load on intent, issue
 * 37 item 10); at once where the browser has no IntersectionObserver. Browser only (an effect).
 */
export function useNear<T extends Element = HTMLDivElement>(onNear: () => void) {
  const element = useRef<T>(null);
  const latest = useRef(onNear);
  latest.current = onNear;
  useEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver === 'undefined') {
      latest.current();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        latest.current();
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
  return element;
}
