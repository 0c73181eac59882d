import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectHref, selectScrollToTop } from '../../machines/search/search.selectors.ts';
import { useEmitted } from '../app/use-emitted.ts';

/** wouter hands out `decodeURI`d paths and searches: compare addresses in that form. */
function decoded(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

/**
 * Keeps the address bar and the search machine in step, the way InstantSearch's router does:
 * - the machine's `url.push` becomes a navigation (a new history entry);
 * - an address the machine did not make (back/forward, a link) is sent as `location.change`;
 * - when the machine asks to scroll to the top (a filter or page change), the view does, then says so.
 */
export function useSearchSync(actorRef: SearchActorRef): void {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const href = useSelector(actorRef, selectHref);
  const scrollToTop = useSelector(actorRef, selectScrollToTop);

  useEmitted(actorRef, { 'url.push': (event) => navigate(event.href) });

  useEffect(() => {
    const current = search ? `${path}?${search}` : path;
    if (decoded(current) !== decoded(href)) actorRef.send({ type: 'location.change', path, search });
  }, [actorRef, path, search, href]);

  useEffect(() => {
    if (!scrollToTop) return;
    // At once, not smoothly: the new results and the page's position change in the same frame,
    // instead of the results painting into an animation that repaints the page for half a second
    // (issue 20 item 4: about 7 ms of each facet click's p50).
    window.scrollTo({ top: 0, behavior: 'instant' });
    actorRef.send({ type: 'scroll.done' });
  }, [actorRef, scrollToTop]);
}
