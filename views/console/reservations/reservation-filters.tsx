import { Link } from 'wouter';
import {
  RESERVATION_FILTER_LABELS,
  RESERVATION_FILTERS,
  type ReservationFilter,
  reservationsHref,
} from '../../../domain/console-reservations.ts';
import type { ReservationCounts } from '../../../domain/contracts/console-reservations.ts';
import { css } from '../../../styled-system/css';

const tab = css({
  display: 'inline-block',
  px: '3',
  py: '2',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
  bg: 'surface',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  '&[aria-current=page]': { bg: 'brandSubtle', borderColor: 'brand' },
  _hover: { textDecoration: 'underline' },
});

/**
 * The list's filters as links (each filter is its own address, `?state=`), with how many each
 * holds; on a phone they scroll sideways inside their row.
 */
export function ReservationFilters({
  current,
  counts,
}: {
  current: ReservationFilter | null;
  counts: ReservationCounts | null;
}) {
  const entries: { filter: ReservationFilter | null; label: string }[] = [
    { filter: null, label: 'All' },
    ...RESERVATION_FILTERS.map((filter) => ({
      filter,
      label: `${RESERVATION_FILTER_LABELS[filter]}${counts ? ` (${counts[filter]})` : ''}`,
    })),
  ];
  return (
    <nav aria-label="Reservations by state" className={css({ overflowX: 'auto', mt: '4' })}>
      <ul className={css({ display: 'flex', gap: '2', listStyle: 'none', p: '0', m: '0' })}>
        {entries.map((entry) => (
          <li key={entry.filter ?? 'all'}>
            <Link
              href={reservationsHref(entry.filter)}
              className={tab}
              aria-current={entry.filter === current ? 'page' : undefined}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
