import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import {
  ALERT_FREQUENCY_LABELS,
  type AlertFrequency,
  alertFrequencySchema,
  SAVED_SEARCH_NAME_MAX,
} from '../../domain/saved-search.ts';
import type { SavedSearchesPageActorRef } from '../../machines/saved-searches/saved-searches-page.machine.ts';
import { selectIsBusy, selectOffer } from '../../machines/saved-searches/saved-searches-page.selectors.ts';
import { css } from '../../styled-system/css';
import { pageStyles } from '../ui/page-styles.ts';

const choices = css({ display: 'grid', gap: '2', borderWidth: '0', p: '0', m: '0' });
const choice = css({ display: 'flex', gap: '2', alignItems: 'center', fontWeight: 'normal' });

/**
 * "Save this search": the offered search's name and how often to be emailed — and, for a signed-out
 * shopper, the address to email (issue 37 item 9: the search waits for the emailed link).
 */
export function SaveSearchForm({ actorRef }: { actorRef: SavedSearchesPageActorRef }) {
  const offer = useSelector(actorRef, selectOffer);
  const busy = useSelector(actorRef, selectIsBusy);
  const headingId = useId();
  if (!offer) return null;
  return (
    <form
      aria-labelledby={headingId}
      className={pageStyles.form}
      onSubmit={(event) => {
        event.preventDefault();
        actorRef.send({ type: 'save' });
      }}
    >
      <h2 id={headingId} className={pageStyles.subheading}>
        Save this search
      </h2>
      <label className={pageStyles.label}>
        Name
        <input
          className={pageStyles.input}
          value={offer.name}
          maxLength={SAVED_SEARCH_NAME_MAX}
          required
          onChange={(event) => actorRef.send({ type: 'name.change', name: event.target.value })}
        />
      </label>
      {offer.byEmail && (
        <label className={pageStyles.label}>
          Email
          <input
            className={pageStyles.input}
            type="email"
            name="email"
            autoComplete="email"
            value={offer.email}
            maxLength={254}
            required
            onChange={(event) => actorRef.send({ type: 'email.change', email: event.target.value })}
          />
        </label>
      )}
      <fieldset className={choices}>
        <legend className={css({ fontWeight: 'semibold', mb: '1' })}>
          Email me about new cars and price drops
        </legend>
        {alertFrequencySchema.options.map((frequency: AlertFrequency) => (
          <label key={frequency} className={choice}>
            <input
              type="radio"
              name="frequency"
              value={frequency}
              checked={offer.frequency === frequency}
              onChange={() => actorRef.send({ type: 'frequency.choose', frequency })}
            />
            {ALERT_FREQUENCY_LABELS[frequency]}
          </label>
        ))}
      </fieldset>
      <p className={pageStyles.row}>
        <button type="submit" className={pageStyles.primary} disabled={busy}>
          {busy ? 'Saving…' : 'Save search'}
        </button>
        <Link href={offer.request.href} className={pageStyles.link}>
          Back to the search
        </Link>
      </p>
    </form>
  );
}
