import { useSelector } from '@xstate/react';
import type { RangeAttribute } from '../../domain/search-state.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectFacetsStats, selectSearchState } from '../../machines/search/search.selectors.ts';
import { RangeSlider } from '../ui/range-slider.tsx';

/**
 * A range filter of the listing (spec §2 "Range slider for price, km and year"): the range slider
 * between the result's own bounds (unrefined by this range), committing `range.set` when a move ends.
 */
export function SearchRange({
  actorRef,
  attribute,
  label,
}: {
  actorRef: SearchActorRef;
  attribute: RangeAttribute;
  label: string;
}) {
  const stats = useSelector(actorRef, (snapshot) => selectFacetsStats(snapshot)[attribute]) ?? null;
  const value = useSelector(actorRef, (snapshot) => selectSearchState(snapshot)[attribute]) ?? null;
  return (
    <div data-testid={`filter-${attribute}`}>
      <RangeSlider
        attribute={attribute}
        label={label}
        stats={stats}
        value={value}
        onRefine={(range) => actorRef.send({ type: 'range.set', attribute, range })}
      />
    </div>
  );
}
