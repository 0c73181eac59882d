import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { searchHistoryKey } from '../../domain/search-history.ts';
import type { SearchState } from '../../domain/search-state.ts';
import type { searchHistoryMachine } from '../../machines/search-history/search-history.machine.ts';
import { selectHistoryLinks } from '../../machines/search-history/search-history.selectors.ts';
import { css } from '../../styled-system/css';
import { inspectOption } from '../app/inspector.ts';
import { useSite } from '../app/site-context.tsx';
import { searchHistoryLogic } from './wiring.ts';

/** What the search page gives the recent searches. */
export interface RecentSearchesProps {
  /** The search shown now, remembered whenever it changes (`null`: none yet). */
  search: SearchState | null;
  /** The machine with storage bound; by default the browser's `localStorage` (tests pass fakes). */
  logic?: typeof searchHistoryMachine;
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
 * browser. Nothing renders until there is a search to show, so the server's HTML and the first
 * browser render agree.
 */
export function RecentSearches({ search, logic }: RecentSearchesProps) {
  const site = useSite();
  const [machine] = useState(() => logic ?? searchHistoryLogic());
  const actorRef = useActorRef(machine, { inspect: inspectOption() });
  const selectLinks = useMemo(() => selectHistoryLinks(site.search.path), [site.search.path]);
  const links = useSelector(actorRef, selectLinks);
  const headingId = useId();
  useEffect(() => {
    if (search) actorRef.send({ type: 'search.remember', search });
  }, [actorRef, search]);
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
