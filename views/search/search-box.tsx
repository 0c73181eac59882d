import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectHasResult, selectSearchState } from '../../machines/search/search.selectors.ts';
import { useSite } from '../app/site-context.tsx';
import { DirectorySearch } from './directory-search.tsx';
import { RecentSearches } from './recent-searches.tsx';

/**
 * The listing's free-text search: the directory search box (spec §2 "writes the query parameter and
 * clears page", §5 "debounced by 300 ms"), its make and model suggestions opening their listings.
 * Without JavaScript it is a GET form writing `?query=` to the site's search path.
 */
export function SearchBox({ actorRef }: { actorRef: SearchActorRef }) {
  const site = useSite();
  const [, navigate] = useLocation();
  const query = useSelector(actorRef, (snapshot) => selectSearchState(snapshot).query) ?? '';
  return (
    <DirectorySearch
      query={query}
      action={site.search.path}
      label="Search stock"
      placeholder="Search make, model or keyword"
      onQuery={(next) => actorRef.send({ type: 'query.set', query: next })}
      onNavigate={(path) => navigate(path)}
    />
  );
}

/**
 * The search history (doc 2 §4 "Search history keeps the last 5 searches"): the search page's child,
 * which the page tells of every search it shows (decision 075).
 */
export function RecentSearchesOf({ actorRef }: { actorRef: SearchActorRef }) {
  const hasResult = useSelector(actorRef, selectHasResult);
  const state = useSelector(actorRef, selectSearchState);
  const history = useSelector(actorRef, (snapshot) => snapshot.children.searchHistory);
  if (!history) return null;
  return <RecentSearches actorRef={history} current={hasResult ? state : null} />;
}
