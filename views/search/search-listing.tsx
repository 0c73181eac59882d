import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { formatNumber } from '../../domain/format.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import {
  selectCount,
  selectError,
  selectFacets,
  selectHasResult,
  selectRouteCarTypes,
  selectSearchState,
  selectShownCarTypes,
  selectStatus,
} from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';
import { useQueryCache } from '../app/query-cache.tsx';
import { useSite } from '../app/site-context.tsx';
import { useIntent } from '../ui/use-intent.ts';
import { DistanceChip as DistanceChipAll } from './distance-filter.tsx';
import { FacetTiles as FacetTilesAll } from './facet-tiles.tsx';
import { FilterDrawer as FilterDrawerAll } from './filter-drawer.tsx';
import { ListingNotice as ListingNoticeAll } from './listing-notice.tsx';
import { listingSummary } from './listing-summary.ts';
import { Pagination as PaginationAll } from './pagination.tsx';
import { ResultsGrid as ResultsGridAll } from './results-grid.tsx';
import { SaveSearchLink as SaveSearchLinkAll } from './save-search-link.tsx';
import { RecentSearchesOf as RecentSearchesOfAll, SearchBox as SearchBoxAll } from './search-box.tsx';
import { SearchErrorBanner } from './search-error-banner.tsx';
import { SearchFilters as SearchFiltersAll } from './search-filters.tsx';
import { SortSelect as SortSelectAll } from './sort-select.tsx';
import { useSearchSync } from './use-search-sync.ts';
import { WeeklyChip as WeeklyChipAll } from './weekly-filter.tsx';
import { preloadSearchClient } from './wiring.ts';

/*
 * The listing's parts re-render on their own selectors only: a click's new search state and its
 * loading status re-render the heading here, not the search box, the sort, the chips or 24 cards
 * while the click's search is under way (issue 38 item 4). The address sync sits in a leaf.
 */
const ResultsGrid = memo(ResultsGridAll);
const SearchFilters = memo(SearchFiltersAll);
const Pagination = memo(PaginationAll);
const FacetTiles = memo(FacetTilesAll);
const SearchBox = memo(SearchBoxAll);
const SaveSearchLink = memo(SaveSearchLinkAll);
const SortSelect = memo(SortSelectAll);
const FilterDrawer = memo(FilterDrawerAll);
const RecentSearchesOf = memo(RecentSearchesOfAll);
const DistanceChip = memo(DistanceChipAll);
const WeeklyChip = memo(WeeklyChipAll);
const ListingNotice = memo(ListingNoticeAll);

function SearchSync({ actorRef }: { actorRef: SearchActorRef }) {
  useSearchSync(actorRef);
  return null;
}

/**
 * The search listing (spec §2 "Search results grid"): heading and count, the free-text search, sort,
 * the template's filters (a sidebar on large screens, a drawer on small ones), the error banner over
 * the kept results, the grid, pagination and the make and body tiles.
 */
export function SearchListing({ actorRef }: { actorRef: SearchActorRef }) {
  const site = useSite();
  // The pointer over the listing, a touch or focus in it: the search client and the query cache load
  // before a refinement needs them.
  const queries = useQueryCache();
  const intent = useIntent(() => preloadSearchClient(queries));
  const status = useSelector(actorRef, selectStatus);
  const error = useSelector(actorRef, selectError);
  const hasResult = useSelector(actorRef, selectHasResult);
  const nbHits = useSelector(actorRef, selectCount);
  const summary = listingSummary(
    {
      state: useSelector(actorRef, selectSearchState),
      carTypes: useSelector(actorRef, selectShownCarTypes),
      routeCarTypes: useSelector(actorRef, selectRouteCarTypes),
      nbHits: hasResult ? nbHits : null,
      facets: useSelector(actorRef, selectFacets),
    },
    site,
  );
  return (
    <div ref={intent} data-status={status} className={css({ maxW: 'page', mx: 'auto', px: '4', py: '6' })}>
      <SearchSync actorRef={actorRef} />
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '3',
          alignItems: 'center',
          justifyContent: 'space-between',
        })}
      >
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>
          {summary.heading}
        </h1>
        <SaveSearchLink actorRef={actorRef} />
      </div>
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          gap: '3',
          mt: '4',
          md: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', alignItems: 'end' },
        })}
      >
        <SearchBox actorRef={actorRef} />
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'end',
            justifyContent: 'space-between',
            gap: '3',
          })}
        >
          <p
            aria-live="polite"
            data-testid="result-count"
            className={css({ fontWeight: 'semibold', pb: '2', whiteSpace: 'nowrap' })}
          >
            {hasResult ? `${formatNumber(summary.count)} ${summary.typeLabel}` : 'Searching…'}
          </p>
          <FilterDrawer actorRef={actorRef} showMeLabel={summary.showMe} />
          <div
            className={css({
              flexGrow: { base: '1', md: '0' },
              flexShrink: '1',
              flexBasis: '48',
              minW: '40',
            })}
          >
            <SortSelect actorRef={actorRef} />
          </div>
        </div>
      </div>
      <div
        className={css({
          display: 'grid',
          gap: '6',
          mt: '6',
          lg: { gridTemplateColumns: '16rem minmax(0, 1fr)' },
        })}
      >
        <aside aria-label="Filters" className={css({ display: { base: 'none', lg: 'block' } })}>
          {/* The page's outline: the h1, the filters' and the results' h2s, then their own h3s. */}
          <h2 className={css({ srOnly: true })}>Filters</h2>
          <SearchFilters actorRef={actorRef} />
          <RecentSearchesOf actorRef={actorRef} />
        </aside>
        <div>
          {error !== null && (
            <SearchErrorBanner detail={error} onRetry={() => actorRef.send({ type: 'retry' })} />
          )}
          <DistanceChip actorRef={actorRef} />
          <WeeklyChip actorRef={actorRef} />
          <ListingNotice actorRef={actorRef} typeLabel={summary.typeLabel} />
          <ResultsGrid actorRef={actorRef} />
          <Pagination actorRef={actorRef} />
          <FacetTiles actorRef={actorRef} />
        </div>
      </div>
    </div>
  );
}
