import { useSelector } from '@xstate/react';
import type { RangeAttribute } from '../../domain/search-state.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectFacetsStats, selectSearchState } from '../../machines/search/search.selectors.ts';
import { RangeSlider } from '../ui/range-slider.tsx';

/**
 * A range filter of the listing (spec §2 "Range slider for price, km and year"): the range slider
 * between the result's own bounds (unrefined by this range), committing `range.set` when a move ends.
 * A result without stats for it (nothing matches) shows no slider rather than the sentinel range
 * 0–100,000 (issue 31 item 21); 'Clear filters' undoes a refinement then.
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
  // No stats, no range to offer (an empty result): the slider would read the §5 default 0–100,000.
  if (stats === null) return null;
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
