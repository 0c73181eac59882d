import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { ALERT_FREQUENCY_LABELS, alertFrequencySchema } from '../../domain/saved-search.ts';
import type { SavedSearchesPageActorRef } from '../../machines/saved-searches/saved-searches-page.machine.ts';
import { selectAnswer, selectIsBusy } from '../../machines/saved-searches/saved-searches-page.selectors.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { pageStyles } from '../ui/page-styles.ts';

const list = css({ display: 'grid', gap: '3', mt: '4', listStyle: 'none', p: '0' });
const item = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  alignItems: 'center',
  justifyContent: 'space-between',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
});
const emails = css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' });

/** The shopper's saved searches: each opens its listing, chooses its emails and can be deleted. */
export function SavedSearchList({ actorRef }: { actorRef: SavedSearchesPageActorRef }) {
  const site = useSite();
  const answer = useSelector(actorRef, selectAnswer);
  const busy = useSelector(actorRef, selectIsBusy);
  if (!answer?.signed_in) return null;
  if (answer.searches.length === 0) {
    return (
      <p className={pageStyles.text}>
        No saved searches yet.{' '}
        <Link href={site.search.path} className={pageStyles.link}>
          Search the stock
        </Link>{' '}
        and choose “Save search” to be emailed when a new car matches or a price drops.
      </p>
    );
  }
  return (
    <ul className={list} aria-label="Saved searches">
      {answer.searches.map((search) => (
        <li key={search.id} className={item} data-testid="saved-search">
          <Link href={search.href} className={pageStyles.link}>
            {search.name}
          </Link>
          <span className={pageStyles.row}>
            <label className={emails}>
              Emails
              <select
                className={pageStyles.input}
                value={search.frequency}
                disabled={busy}
                aria-label={`Emails for ${search.name}`}
                onChange={(event) => {
                  const frequency = alertFrequencySchema.safeParse(event.target.value);
                  if (frequency.success)
                    actorRef.send({ type: 'frequency.set', id: search.id, frequency: frequency.data });
                }}
              >
                {alertFrequencySchema.options.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {ALERT_FREQUENCY_LABELS[frequency]}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className={pageStyles.secondary}
              disabled={busy}
              aria-label={`Delete ${search.name}`}
              onClick={() => actorRef.send({ type: 'search.delete', id: search.id })}
            >
              Delete
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
