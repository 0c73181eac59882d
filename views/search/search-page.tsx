import { useSelector } from '@xstate/react';
import { hasSeveralPlaces } from '../../domain/distance-filter.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import {
  selectCount,
  selectError,
  selectFacets,
  selectHasResult,
  selectHrefFor,
  selectIsRouted,
  selectPageView,
  selectRouteCarTypes,
  selectSearchState,
  selectShownCarTypes,
  selectStatus,
} from '../../machines/search/search.selectors.ts';
import type { PublicSite } from '../../tenants/public-site.ts';
import { currentMinute, definePage } from '../app/page-definition.ts';
import { NotFoundPage, notFoundHead } from '../layout/not-found-page.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { listingFacets, listingSorts } from './listing-filters.ts';
import { listingSummary } from './listing-summary.ts';
import { SearchListing } from './search-listing.tsx';
import { searchPageLogic, searchQueryKeys } from './wiring.ts';

/** The search page: the listing, a not-found page for an unknown slug, or a page error. */
export function SearchPage({ actorRef }: { actorRef: SearchActorRef }) {
  const view = useSelector(actorRef, selectPageView);
  const error = useSelector(actorRef, selectError);
  const routed = useSelector(actorRef, selectIsRouted);
  if (view === 'notFound') return <NotFoundPage />;
  if (view === 'failed') {
    return <PageError message={error ?? ''} onRetry={() => actorRef.send({ type: 'retry' })} />;
  }
  // Before a `/search/{slug}` route is read there is no listing to shape yet.
  if (!routed) return <PageSkeleton label="Loading the search" />;
  return <SearchListing actorRef={actorRef} />;
}

/** Search page input from the site config and the address. */
function searchInput(site: PublicSite, path: string, search: string) {
  const { appId, apiKey, host, protocol, indices } = site.search_connection;
  return {
    path,
    search,
    endpoint: { appId, apiKey, host, protocol },
    index: indices.cars,
    sortIndices: listingSorts(site).map((sort) => sort.indexName),
    pageSize: site.search.page_size,
    cacheSize: site.search.cache_size,
    facets: listingFacets(site.template),
    nowSeconds: currentMinute(),
    soldWindowDays: site.search.sold_window_days,
    inStockOnly: site.features.searchPresetInStock,
    newAndDemoOnly: site.features.searchPresetNewAndDemo,
    nearby: hasSeveralPlaces(site.locations),
  };
}

/** Routes `/search` and `/search/*` (make, make/model, `{body}-cars` and the listings by type). */
export const searchPage = definePage({
  logic: searchPageLogic,
  input: ({ site, path, search }) => searchInput(site, path, search),
  head: (snapshot, { site, path }) => {
    const status = selectStatus(snapshot);
    if (status === 'notFound') return notFoundHead(site.name, path);
    const summary = listingSummary(
      {
        state: selectSearchState(snapshot),
        carTypes: selectShownCarTypes(snapshot),
        routeCarTypes: selectRouteCarTypes(snapshot),
        nbHits: selectHasResult(snapshot) ? selectCount(snapshot) : null,
        facets: selectFacets(snapshot),
      },
      site,
    );
    const failed = status === 'failed' || (status === 'hasError' && !selectHasResult(snapshot));
    const canonicalPath = selectHrefFor(selectSearchState(snapshot))(snapshot) || path;
    return {
      title: failed ? `Search is unavailable | ${site.name}` : summary.title,
      description: summary.description,
      status: failed ? 503 : 200,
      // Its BreadcrumbList (Home, then the heading) is the document's, with absolute URLs from the
      // dealer's origin (issue 31 item 21): the page knows only its path.
      canonicalPath,
    };
  },
  prime: (queries, snapshot) => {
    for (const entry of snapshot.context.cache)
      queries.prime(searchQueryKeys.search(entry.key), entry.result);
  },
  View: SearchPage,
});
