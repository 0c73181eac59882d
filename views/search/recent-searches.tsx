import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { Link } from 'wouter';
import { searchHistoryKey } from '../../domain/search-history.ts';
import type { SearchState } from '../../domain/search-state.ts';
import type { SearchHistoryActorRef } from '../../machines/search-history/search-history.machine.ts';
import { selectHistoryLinks } from '../../machines/search-history/search-history.selectors.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';

/** What the search page gives the recent searches. */
export interface RecentSearchesProps {
  /** The search page's history child (`snapshot.children.searchHistory`). */
  actorRef: SearchHistoryActorRef;
  /** The search shown now, marked in the list (`null`: none yet). */
  current: SearchState | null;
}

const link = css({ color: 'accent', textDecoration: 'underline', _currentPage: { fontWeight: 'semibold' } });
const clear = css({
  justifySelf: 'start',
  fontSize: 'sm',
  color: 'fgMuted',
  textDecoration: 'underline',
  bg: 'transparent',
  cursor: 'pointer',
});

/**
 * "Recent searches" (doc 2 §4, §9): links to the last 5 searches, newest first, kept in the
 * browser (the search page's `searchHistory` child remembers them). Nothing renders until the
 * history has loaded in the browser, so the server's HTML and the first browser render agree.
 */
export function RecentSearches({ actorRef, current: search }: RecentSearchesProps) {
  const site = useSite();
  const selectLinks = useMemo(() => selectHistoryLinks(site.search.path), [site.search.path]);
  const links = useSelector(actorRef, selectLinks);
  const headingId = useId();
  if (links.length === 0) return null;
  const current = search ? searchHistoryKey(search) : null;
  return (
    <nav aria-labelledby={headingId} className={css({ display: 'grid', gap: '2' })}>
      <h2 id={headingId} className={css({ fontSize: 'md', fontWeight: 'bold' })}>
        Recent searches
      </h2>
      <ul className={css({ display: 'grid', gap: '1', listStyle: 'none' })}>
        {links.map((entry) => (
          <li key={entry.key}>
            <Link
              href={entry.href}
              className={link}
              aria-current={entry.key === current ? 'page' : undefined}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className={clear} onClick={() => actorRef.send({ type: 'history.clear' })}>
        Clear recent searches
      </button>
    </nav>
  );
}
