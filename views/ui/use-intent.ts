import { useEffect, useRef } from 'react';

/** What shows a shopper is about to use a part: the pointer over it, a touch, focus inside it. */
export const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * Calls `onIntent` once, the first time the shopper shows intent inside the returned ref's element
 * (load on intent, issue 38 item 3): for code a part needs only once the shopper acts, fetched
 * before the act itself. Browser only (an effect).
 */
export function useIntent<T extends HTMLElement = HTMLDivElement>(onIntent: () => void) {
  const element = useRef<T>(null);
  const latest = useRef(onIntent);
  latest.current = onIntent;
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const controller = new AbortController();
    const fire = () => {
      controller.abort();
      latest.current();
    };
    for (const type of INTENT_EVENTS) {
      target.addEventListener(type, fire, { passive: true, signal: controller.signal });
    }
    return () => controller.abort();
  }, []);
  return element;
}
