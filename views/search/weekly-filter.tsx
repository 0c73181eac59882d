import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { offersWeeklyFilter, weeklyLabel, weeklyOptions } from '../../domain/weekly-filter.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectSearchState } from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { SelectField } from '../ui/select-field.tsx';

const ANY = '';

/**
 * "Under $X a week" (issue 37 item 5), a select in the filters (sidebar and phone drawer alike), on
 * sites whose cards lead with the week's repayment.
 */
export function WeeklyFilter({ actorRef }: { actorRef: SearchActorRef }) {
  const site = useSite();
  const weekly = useSelector(actorRef, (snapshot) => selectSearchState(snapshot).weekly);
  const options = useMemo(
    () => [
      { value: ANY, label: 'Any' },
      ...weeklyOptions(weekly).map((step) => ({ value: String(step), label: weeklyLabel(step) })),
    ],
    [weekly],
  );
  if (!offersWeeklyFilter(site)) return null;
  return (
    <SelectField
      label="Weekly finance estimate"
      options={options}
      value={weekly === undefined ? ANY : String(weekly)}
      testId="filter-weekly"
      onChange={(value) =>
        actorRef.send({ type: 'weekly.set', weekly: value === ANY ? null : Number(value) })
      }
    />
  );
}

/** The chip over the results while "Under $X a week" is set: pressing it clears the filter. */
export function WeeklyChip({ actorRef }: { actorRef: SearchActorRef }) {
  const weekly = useSelector(actorRef, (snapshot) => selectSearchState(snapshot).weekly);
  if (weekly === undefined) return null;
  const label = weeklyLabel(weekly);
  return (
    <button
      type="button"
      data-testid="weekly-chip"
      aria-label={`Remove filter: ${label}`}
      onClick={() => actorRef.send({ type: 'weekly.set', weekly: null })}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '2',
        mb: '4',
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
