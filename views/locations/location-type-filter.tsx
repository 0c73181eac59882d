import { useSelector } from '@xstate/react';
import type {
  LocationFilter,
  LocationFinderActorRef,
} from '../../machines/location-finder/location-finder.machine.ts';
import { selectFilter } from '../../machines/location-finder/location-finder.selectors.ts';
import { css } from '../../styled-system/css';
import { TYPE_NAMES } from './location-types.ts';

/** §2 "A locations grid can be filtered by sales, service and parts": the types the dealer has. */
export function LocationTypeFilter({
  actorRef,
  types,
}: {
  actorRef: LocationFinderActorRef;
  types: readonly LocationFilter[];
}) {
  const filter = useSelector(actorRef, selectFilter);
  return (
    <fieldset className={css({ mt: '4', display: 'flex', gap: '4', flexWrap: 'wrap' })}>
      <legend className={css({ fontWeight: 'semibold' })}>Show</legend>
      {types.map((type) => (
        <label key={type} className={css({ display: 'flex', gap: '1', alignItems: 'center' })}>
          <input
            type="radio"
            name="location-type"
            value={type}
            checked={filter === type}
            onChange={() => actorRef.send({ type: 'locations.filter', filter: type })}
          />
          {type === 'all' ? 'All locations' : TYPE_NAMES[type]}
        </label>
      ))}
    </fieldset>
  );
}
