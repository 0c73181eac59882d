import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { hasRefinements, type RangeAttribute } from '../../domain/search-state.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectSearchState } from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { FacetDropdown } from './facet-dropdown.tsx';
import { FacetList } from './facet-list.tsx';
import { listingFilters } from './listing-filters.ts';
import { RangeFallback } from './range-fallback.tsx';

/** Renders a range filter; the range slider replaces the select-based stand-in through this. */
export type RangeRenderer = (props: {
  actorRef: SearchActorRef;
  attribute: RangeAttribute;
  label: string;
}) => ReactNode;

const fallbackRange: RangeRenderer = (props) => <RangeFallback {...props} />;

/**
 * The dealer template's filters (lists, dropdowns, ranges) over the search, and 'Clear filters'
 * while anything is refined.
 */
export function SearchFilters({
  actorRef,
  renderRange = fallbackRange,
}: {
  actorRef: SearchActorRef;
  renderRange?: RangeRenderer;
}) {
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
            return <FacetList key={filter.attribute} {...props} attribute={filter.attribute as never} />;
          case 'dropdown':
            return <FacetDropdown key={filter.attribute} {...props} attribute={filter.attribute as never} />;
          default:
            return (
              <div key={filter.attribute}>
                {renderRange({ ...props, attribute: filter.attribute as RangeAttribute })}
              </div>
            );
        }
      })}
    </div>
  );
}
