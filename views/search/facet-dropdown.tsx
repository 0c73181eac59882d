import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { formatNumber } from '../../domain/format.ts';
import type { MenuAttribute } from '../../domain/search-state.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectFacets, selectSearchState } from '../../machines/search/search.selectors.ts';
import { SelectField } from '../ui/select-field.tsx';
import { facetValues } from './facet-values.ts';

/** The dropdown's "no refinement" choice. */
const ALL = '';

/** A dropdown filter (one value, e.g. car type): 'All' or one value with its count. */
export function FacetDropdown({
  actorRef,
  attribute,
  label,
}: {
  actorRef: SearchActorRef;
  attribute: MenuAttribute;
  label: string;
}) {
  const counts = useSelector(actorRef, (snapshot) => selectFacets(snapshot)[attribute]);
  const refined = useSelector(actorRef, (snapshot) => selectSearchState(snapshot)[attribute]);
  const options = useMemo(
    () => [
      { value: ALL, label: 'All' },
      ...facetValues(attribute, counts, refined ? [refined] : []).map((item) => ({
        value: item.value,
        label: `${item.label} (${formatNumber(item.count)})`,
      })),
    ],
    [attribute, counts, refined],
  );
  if (options.length === 1) return null;
  return (
    <SelectField
      label={label}
      options={options}
      value={refined ?? ALL}
      testId={`filter-${attribute}`}
      onChange={(value) =>
        actorRef.send({ type: 'menu.set', attribute, value: value === ALL ? null : value })
      }
    />
  );
}
