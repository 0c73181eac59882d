import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type {
  DirectorySearchActorRef,
  directorySearchMachine,
} from '../../machines/directory-search/directory-search.machine.ts';
import { inspectOption } from '../app/inspector.ts';
import { useQueryCache } from '../app/query-cache.tsx';
import { useSite } from '../app/site-context.tsx';
import { useEmitted } from '../app/use-emitted.ts';
import { directorySearchLogic } from './wiring.ts';

/**
 * The search box's actor (decision 041): the machine bound to the site's search connection (or the
 * props' `logic`), its emitted commits and navigations turned into the props' callbacks. The
 * listing's query stays a prop (issue 32 item 5): the typing events carry it, the selectors read it,
 * and a commit over a query that has changed elsewhere since (`over`: a debounce ending after back
 * or a link) is dropped, as that change ended the typing.
 */
export function useDirectorySearchActor(props: DirectorySearchProps): DirectorySearchActorRef {
  const { query, onQuery, onNavigate, suggestions = true } = props;
  const site = useSite();
  const queries = useQueryCache();
  const [logic] = useState(
    () =>
      props.logic ??
      directorySearchLogic({
        queries,
        endpoint: site.search_connection,
        index: site.search_connection.indices.models,
      }),
  );
  const actorRef = useActorRef(logic, { input: { query, suggestions }, inspect: inspectOption() });
  useEmitted(actorRef, {
    'query.commit': (event) => {
      if (event.over === query) onQuery(event.query);
    },
    'suggestion.navigate': (event) => onNavigate(event.path),
  });
  return actorRef;
}

/** What the search page gives the search box. */
export interface DirectorySearchProps {
  /** The listing's query now (from the URL). */
  query: string;
  /** Write the query (`''`: none) and clear the page. */
  onQuery: (query: string) => void;
  /** Go to a chosen make's or model's listing (`/search/toyota`, `/search/toyota/corolla`). */
  onNavigate: (path: string) => void;
  /** The visible label; 'Search' unless given. */
  label?: string;
  placeholder?: string;
  /** Suggest makes and models from the `models` index (default true). */
  suggestions?: boolean;
  /**
   * Where the form sends `?query=` without JavaScript (a GET form); with JavaScript the box commits
   * through `onQuery`. Without it the form has no action of its own.
   */
  action?: string;
  /** The machine with `searchDirectory` bound; by default the site's search connection (tests pass fakes). */
  logic?: typeof directorySearchMachine;
}
