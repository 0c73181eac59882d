import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectHref } from '../../machines/search/search.selectors.ts';
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
 * - the machine's `url.push` becomes a navigation (a new history entry) and a scroll to the top: a
 *   changed search (a filter, the sort, the page) starts from its first results;
 * - an address the machine did not make (back/forward, a link) is sent as `location.change`.
 */
export function useSearchSync(actorRef: SearchActorRef): void {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const href = useSelector(actorRef, selectHref);

  useEmitted(actorRef, {
    'url.push': (event) => {
      navigate(event.href);
      // In the shopper's own event, before the render, and at once, not smoothly: the page's layout
      // is still clean (no forced layout of the new render), and the results paint at the top instead
      // of into an animation that repaints the page for half a second (issue 20 item 4). No event
      // back to the machine: one sent from an effect re-rendered every part the click had changed.
      window.scrollTo({ top: 0, behavior: 'instant' });
    },
  });

  useEffect(() => {
    const current = search ? `${path}?${search}` : path;
    if (decoded(current) !== decoded(href)) actorRef.send({ type: 'location.change', path, search });
  }, [actorRef, path, search, href]);
}
