import { useSelector } from '@xstate/react';
import type { MouseEvent } from 'react';
import { Link } from 'wouter';
import {
  LISTING_NOTICES,
  lastPageLinkText,
  noResultsText,
  pastLastPageText,
} from '../../domain/search-listing.ts';
import { hasRefinements } from '../../domain/search-state.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import {
  selectCount,
  selectHasResult,
  selectHits,
  selectHref,
  selectPage,
  selectPageCount,
  selectPageHref,
  selectSearchState,
} from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';
import { button, card } from '../../styled-system/recipes';
import { useSite } from '../app/site-context.tsx';
import { SearchSuggestions } from './search-suggestions.tsx';

const box = `${card({ padding: 'lg' }).root} ${css({ display: 'grid', gap: '3', justifyItems: 'start', mb: '4' })}`;
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' });
const textLink = css({ color: 'accent', fontWeight: 'semibold', textDecoration: 'underline' });

/** A plain click asks the machine; a modified one (new tab) follows the real href. */
const plainClick = (event: MouseEvent<HTMLAnchorElement>): boolean =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * What the listing says when its page holds no car (issue 31 item 21): an empty result says so, with
 * the nearest searches that have cars (issue 37 item 2), the ways back — clear the filters, clear
 * the search words, or see all the dealer's stock — and a
 * page past the last one says which page is the last and links to it.
 */
export function ListingNotice({ actorRef, typeLabel }: { actorRef: SearchActorRef; typeLabel: string }) {
  const site = useSite();
  const hasResult = useSelector(actorRef, selectHasResult);
  const count = useSelector(actorRef, selectCount);
  const empty = useSelector(actorRef, (snapshot) => selectHits(snapshot).length === 0);
  const page = useSelector(actorRef, selectPage);
  const lastPage = useSelector(actorRef, selectPageCount);
  const lastPageHref = useSelector(actorRef, selectPageHref(Math.max(1, lastPage)));
  const state = useSelector(actorRef, selectSearchState);
  const href = useSelector(actorRef, selectHref);
  if (!hasResult || !empty) return null;
  if (count > 0 && page > lastPage) {
    return (
      <div role="status" data-testid="listing-notice" className={box}>
        <p className={css({ fontWeight: 'bold' })}>{pastLastPageText(page, lastPage)}</p>
        <a
          href={lastPageHref}
          className={button()}
          onClick={(event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            actorRef.send({ type: 'page.set', page: lastPage });
          }}
        >
          {lastPageLinkText(lastPage)}
        </a>
      </div>
    );
  }
  if (count > 0) return null;
  const refined = hasRefinements(state);
  return (
    <div role="status" data-testid="listing-notice" className={box}>
      <p className={css({ fontWeight: 'bold', fontSize: 'lg' })}>{noResultsText(typeLabel)}</p>
      <SearchSuggestions actorRef={actorRef} />
      <div className={actions}>
        {refined && (
          <button
            type="button"
            className={button()}
            onClick={() => actorRef.send({ type: 'refinements.clear' })}
          >
            {LISTING_NOTICES.clearFilters}
          </button>
        )}
        {state.query && (
          <button
            type="button"
            className={refined ? button({ variant: 'outline' }) : button()}
            onClick={() => actorRef.send({ type: 'query.set', query: '' })}
          >
            {LISTING_NOTICES.clearQuery}
          </button>
        )}
        {!refined && !state.query && href !== site.search.path && (
          <Link href={site.search.path} className={textLink}>
            {LISTING_NOTICES.allStock}
          </Link>
        )}
      </div>
    </div>
  );
}
