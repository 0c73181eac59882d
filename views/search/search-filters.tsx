import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { LISTING_NOTICES } from '../../domain/search-listing.ts';
import { hasRefinements } from '../../domain/search-state.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectListedCarTypes, selectSearchState } from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { DistanceFilter } from './distance-filter.tsx';
import { FacetDropdown as FacetDropdownAll } from './facet-dropdown.tsx';
import { FacetList as FacetListAll } from './facet-list.tsx';
import { listingFilters } from './listing-filters.ts';
import { SearchMakes as SearchMakesAll } from './search-makes.tsx';
import { SearchRange as SearchRangeAll } from './search-range.tsx';
import { WeeklyFilter } from './weekly-filter.tsx';

// Each filter re-renders on its own attribute's facet and refinement only: a tick in one list must
// not re-render the sliders and the other lists before the search request leaves.
const FacetList = memo(FacetListAll);
const FacetDropdown = memo(FacetDropdownAll);
const SearchMakes = memo(SearchMakesAll);
const SearchRange = memo(SearchRangeAll);

/**
 * The dealer template's filters (lists, dropdowns, the make picker, range sliders) over the search,
 * and 'Clear filters' while anything is refined.
 */
export function SearchFilters({ actorRef }: { actorRef: SearchActorRef }) {
  const site = useSite();
  const refined = useSelector(actorRef, (snapshot) => hasRefinements(selectSearchState(snapshot)));
  const carTypes = useSelector(actorRef, selectListedCarTypes);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      {refined && (
        <button
          type="button"
          onClick={() => actorRef.send({ type: 'refinements.clear' })}
          className={css({
            alignSelf: 'flex-start',
            color: 'accent',
            fontWeight: 'semibold',
            cursor: 'pointer',
            textDecoration: 'underline',
          })}
        >
          {LISTING_NOTICES.clearFilters}
        </button>
      )}
      {listingFilters(site.template, carTypes).map((filter) => {
        const props = { actorRef, label: filter.label };
        switch (filter.widget) {
          case 'list':
            return <FacetList key={filter.attribute} {...props} attribute={filter.attribute} />;
          case 'dropdown':
            return <FacetDropdown key={filter.attribute} {...props} attribute={filter.attribute} />;
          case 'makes':
            return <SearchMakes key={filter.attribute} {...props} />;
          default:
            return <SearchRange key={filter.attribute} {...props} attribute={filter.attribute} />;
        }
      })}
      <WeeklyFilter actorRef={actorRef} />
      <DistanceFilter actorRef={actorRef} />
    </div>
  );
}
