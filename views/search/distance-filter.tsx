import { useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import { DISTANCE_RADII, nearLabel, radiusLabel } from '../../domain/distance-filter.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import {
  selectNearMessage,
  selectNearPostcode,
  selectNearWithin,
  selectOffersNearby,
} from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';
import { pageStyles } from '../ui/page-styles.ts';

/** The radius the select starts at before the shopper has chosen one. */
const DEFAULT_WITHIN = 50;

/**
 * "Within 25 / 50 / 100 / 250 km of my postcode" (issue 37 item 3), in the filters of a dealer whose
 * cars stand at several places: the postcode as typed and the radius go to the machine, which checks
 * the postcode, looks it up and searches around it. A refused postcode's message shows here, and
 * the listing is then not narrowed.
 */
export function DistanceFilter({ actorRef }: { actorRef: SearchActorRef }) {
  const offered = useSelector(actorRef, selectOffersNearby);
  const postcode = useSelector(actorRef, selectNearPostcode);
  const within = useSelector(actorRef, selectNearWithin);
  const message = useSelector(actorRef, selectNearMessage);
  const id = useId();
  if (!offered) return null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Two plain fields, read here rather than by `form-values.ts`, which travels with the lead forms'
    // chunk: the listing's first load must not carry it.
    const values = new FormData(event.currentTarget);
    actorRef.send({
      type: 'near.set',
      postcode: String(values.get('near') ?? ''),
      within: Number(values.get('within')),
    });
  };
  return (
    <form
      // A new address (Back, a cleared filter) shows its own postcode and radius.
      key={`${postcode ?? ''}|${within ?? ''}`}
      noValidate
      onSubmit={onSubmit}
      data-testid="filter-distance"
      className={css({ display: 'grid', gap: '2' })}
    >
      <fieldset className={css({ display: 'grid', gap: '2', border: 'none', p: '0', m: '0' })}>
        <legend className={css({ fontWeight: 'semibold', mb: '1' })}>Distance</legend>
        <label className={pageStyles.label}>
          My postcode
          <input
            name="near"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            defaultValue={postcode ?? ''}
            aria-invalid={message !== null}
            aria-describedby={message === null ? undefined : `${id}-message`}
            className={pageStyles.input}
          />
        </label>
        <label className={pageStyles.label}>
          Distance from it
          <select name="within" defaultValue={String(within ?? DEFAULT_WITHIN)} className={pageStyles.input}>
            {DISTANCE_RADII.map((km) => (
              <option key={km} value={km}>
                {radiusLabel(km)}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {message !== null && (
        <p id={`${id}-message`} role="alert" className={pageStyles.fieldError}>
          {message}
        </p>
      )}
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <button type="submit" className={button({ variant: 'outline', size: 'sm' })}>
          Show cars near me
        </button>
      </div>
    </form>
  );
}

/** The chip over the results while the distance filter is set: pressing it clears the filter. */
export function DistanceChip({ actorRef }: { actorRef: SearchActorRef }) {
  const offered = useSelector(actorRef, selectOffersNearby);
  const postcode = useSelector(actorRef, selectNearPostcode);
  const within = useSelector(actorRef, selectNearWithin);
  const message = useSelector(actorRef, selectNearMessage);
  if (!offered || postcode === undefined || within === undefined || message !== null) return null;
  const label = nearLabel(postcode, within);
  return (
    <button
      type="button"
      data-testid="distance-chip"
      aria-label={`Remove filter: ${label}`}
      onClick={() => actorRef.send({ type: 'near.clear' })}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '2',
        mb: '4',
        mr: '2',
        px: '3',
        py: '1',
        borderRadius: 'full',
        borderWidth: '1px',
        borderColor: 'border',
        bg: 'brandSubtle',
        fontSize: 'sm',
        fontWeight: 'semibold',
        cursor: 'pointer',
      })}
    >
      {label}
      <span aria-hidden="true">✕</span>
    </button>
  );
}
