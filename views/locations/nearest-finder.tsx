import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { LocationFinderActorRef } from '../../machines/location-finder/location-finder.machine.ts';
import {
  selectFinderError,
  selectHasFound,
  selectIsSearching,
} from '../../machines/location-finder/location-finder.selectors.ts';
import { css } from '../../styled-system/css';
import { pageStyles } from '../ui/page-styles.ts';

const input = css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'control', px: '3', py: '2' });

/** "Nearest to me": a postcode as typed (the machine checks it), then the cards nearest first. */
export function NearestFinder({ actorRef }: { actorRef: LocationFinderActorRef }) {
  const error = useSelector(actorRef, selectFinderError);
  const found = useSelector(actorRef, selectHasFound);
  const searching = useSelector(actorRef, selectIsSearching);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const postcode = String(new FormData(event.currentTarget).get('postcode') ?? '');
    actorRef.send({ type: 'nearest.find', postcode });
  };
  return (
    <form onSubmit={onSubmit} noValidate className={pageStyles.row} aria-label="Find the nearest location">
      <label className={css({ display: 'grid', gap: '1', fontWeight: 'semibold' })}>
        Nearest to my postcode
        <input
          name="postcode"
          inputMode="numeric"
          maxLength={4}
          autoComplete="postal-code"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'nearest-error' : undefined}
          className={input}
        />
      </label>
      <button type="submit" className={pageStyles.primary} disabled={searching}>
        Find nearest
      </button>
      {found && (
        <button
          type="button"
          className={pageStyles.secondary}
          onClick={() => actorRef.send({ type: 'nearest.clear' })}
        >
          Clear
        </button>
      )}
      {error && (
        <p id="nearest-error" role="alert" className={pageStyles.fieldError}>
          {error}
        </p>
      )}
    </form>
  );
}
