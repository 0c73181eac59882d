import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { CarSearchCall, SearchEndpoint } from '../../domain/search-result.ts';
import { directorySearchMachine } from '../../machines/directory-search/directory-search.machine.ts';
import { searchMachine } from '../../machines/search/search.machine.ts';
import { requestKey } from '../../machines/search/search.request.ts';
import { searchHistoryMachine } from '../../machines/search-history/search-history.machine.ts';
import type { directorySearcher } from '../../services/directory/directory.service.ts';
import { createHttp, type FetchLike } from '../../services/http.ts';
import { fetchPostcodePlace } from '../../services/locations/postcode.service.ts';
import type { carSearcher } from '../../services/search/search.service.ts';
import {
  readStoredSearchHistory,
  writeStoredSearchHistory,
} from '../../services/search/search-history.storage.ts';
import type { AppDeps } from '../app/app-deps.ts';
import { loadOnce } from '../app/load-once.ts';
import type { QueryCache } from '../app/query-cache.tsx';

/*
 * The search page's wiring, apart from `wiring.ts` so the search machines travel in the search page's
 * chunk only (decision 070). The search client (Algolia's lite client and the services over it) is
 * not in the page's first load either (issue 38 item 3): the page arrives with its results rendered,
 * and the client loads on the shopper's intent (`preloadSearchClient`) or with the first search.
 */

/** The car and directory search services' modules: loaded once, by the first search or on intent. */
const searchServices = loadOnce(() =>
  Promise.all([
    import('../../services/search/search.service.ts'),
    import('../../services/directory/directory.service.ts'),
    import('../../services/search/search-key.ts'),
  ]),
);

/**
 * Starts loading the search client and the query cache's client when the shopper shows they are about
 * to search (the pointer over the listing, a touch, focus), so the first refinement waits for neither.
 * A failed load is left to the search that needs it, which reports it as its own error.
 */
export function preloadSearchClient(queries: QueryCache): void {
  void searchServices().catch(() => undefined);
  void queries.client().catch(() => undefined);
}

/** TanStack Query keys of car searches: one per request key (`machines/search/search.request.ts`). */
export const searchQueryKeys = {
  search: (key: string) => ['search', key] as const,
};

/**
 * The search page machine with `runSearch` bound to the search service through the query cache: one
 * lite client per search connection, over this app instance's `fetch` (in-process on the server); and
 * its recent searches kept in the browser's storage; the distance filter's postcode looked up by the
 * locations service (issue 37 item 3).
 */
export function searchPageLogic({ queries, http, fetch = (request) => globalThis.fetch(request) }: AppDeps) {
  let searcher: ReturnType<typeof carSearcher> | undefined;
  const search = async (input: CarSearchCall) => {
    // Once made, the searcher is called at once: awaiting the modules again (loaded, but each
    // `import()` settles in a task of its own) sent every press's search after the click's render
    // and a frame, ~16 ms after the press instead of ~1 (issue 38 item 4).
    if (!searcher) {
      const [{ carSearcher }, , { renewSearchKey }] = await searchServices();
      searcher ??= carSearcher(fetch, () => renewSearchKey(http));
    }
    return searcher(input);
  };
  return searchMachine.provide({
    actors: {
      searchHistory: searchHistoryLogic(),
      geocodePostcode: fromPromise(({ input }) => fetchPostcodePlace(http, input)),
      runSearch: fromPromise(({ input }) =>
        queries.fetchQuery({
          queryKey: searchQueryKeys.search(requestKey(input.request)),
          queryFn: () => search(input),
        }),
      ),
    },
  });
}

/** TanStack Query keys of directory searches (doc 1 §7): one per models index and query. */
export const directoryQueryKey = (index: string, query: string) => ['directory', index, query] as const;

/**
 * Keeps the `limit` most recently fetched queries under `prefix` and drops the rest, oldest first
 * (doc 1 §9 "Directory search cache: 10 entries").
 */
function keepNewestQueries(queryClient: QueryClient, prefix: readonly unknown[], limit: number): void {
  const cache = queryClient.getQueryCache();
  const queries = cache
    .findAll({ queryKey: prefix })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const query of queries.slice(limit)) cache.remove(query);
}

/**
 * The directory search box with `searchDirectory` bound to the directory service through the query
 * cache (at most 10 searches kept). The service makes its lite client on the first search, so
 * rendering (on the server too) never builds one.
 */
export function directorySearchLogic({
  queries,
  endpoint,
  index,
  fetch = (request) => globalThis.fetch(request),
}: {
  queries: QueryCache;
  endpoint: SearchEndpoint;
  /** The models index (`search_connection.indices.models`). */
  index: string;
  fetch?: FetchLike;
}) {
  let directory: { search: ReturnType<typeof directorySearcher>; cacheSize: number } | undefined;
  return directorySearchMachine.provide({
    actors: {
      searchDirectory: fromPromise(async ({ input }) => {
        // Made once, then called at once (an `import()` settles in a task of its own).
        if (!directory) {
          const [, { DIRECTORY_SEARCH, directorySearcher }, { renewSearchKey }] = await searchServices();
          // The search box lives in the browser: a fresh key comes from this page's own origin.
          const renewKey = () =>
            renewSearchKey(createHttp({ baseUrl: globalThis.location?.origin ?? 'http://localhost', fetch }));
          directory ??= {
            search: directorySearcher({ endpoint, index }, fetch, renewKey),
            cacheSize: DIRECTORY_SEARCH.cacheSize,
          };
        }
        const { search, cacheSize } = directory;
        const hits = await queries.fetchQuery({
          queryKey: directoryQueryKey(index, input.query),
          queryFn: () => search(input),
        });
        keepNewestQueries(await queries.client(), ['directory'], cacheSize);
        return hits;
      }),
    },
  });
}

/**
 * The search history with its storage bound to the browser's `localStorage`. A server render has no
 * storage: there the history stays loading (remembering the shown search as pending), so the browser
 * restores it loading and reads the stored history itself before anything is saved.
 */
export function searchHistoryLogic() {
  return searchHistoryMachine.provide({
    actors: {
      loadHistory: fromPromise(() =>
        typeof window === 'undefined'
          ? new Promise<never>(() => {})
          : Promise.resolve(readStoredSearchHistory()),
      ),
      saveHistory: fromPromise(async ({ input }) => writeStoredSearchHistory(input)),
    },
  });
}
