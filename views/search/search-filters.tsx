import { useSelector } from '@xstate/react';
import { hasRefinements } from '../../domain/search-state.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectSearchState } from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { FacetDropdown } from './facet-dropdown.tsx';
import { FacetList } from './facet-list.tsx';
import { listingFilters } from './listing-filters.ts';
import { SearchMakes } from './search-makes.tsx';
import { SearchRange } from './search-range.tsx';

/**
 * The dealer template's filters (lists, dropdowns, the make picker, range sliders) over the search,
 * and 'Clear filters' while anything is refined.
 */
export function SearchFilters({ actorRef }: { actorRef: SearchActorRef }) {
  const site = useSite();
  const refined = hasRefinements(useSelector(actorRef, selectSearchState));
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
          Clear filters
        </button>
      )}
      {listingFilters(site.template).map((filter) => {
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
    </div>
  );
}
