import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectSortIndex } from '../../machines/search/search.selectors.ts';
import { useSite } from '../app/site-context.tsx';
import { SelectField } from '../ui/select-field.tsx';
import { listingSorts } from './listing-filters.ts';

/** Sort by (`locations-forms-tradein-site.md` §9): most relevant, latest, highest price, lowest price. */
export function SortSelect({ actorRef }: { actorRef: SearchActorRef }) {
  const site = useSite();
  const sorts = useMemo(() => listingSorts(site), [site]);
  const options = useMemo(() => sorts.map((s) => ({ value: s.indexName, label: s.label })), [sorts]);
  const value = useSelector(actorRef, selectSortIndex);
  const primary = sorts[0]?.indexName;
  return (
    <SelectField
      label="Sort by"
      options={options}
      value={value}
      testId="sort-select"
      onChange={(sortBy) => actorRef.send({ type: 'sort.set', sortBy: sortBy === primary ? null : sortBy })}
    />
  );
}
