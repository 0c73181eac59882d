import type { OpeningHour, SpecialHours } from './location.ts';

/**
 * Opening hours as a location card shows them (`locations-forms-tradein-site.md` §2 opening-hours
 * panel, §3 opening hour and special hours entries, §4 opening hours): weekdays 0 (Sunday) to 6,
 * Open or Closed; Mon-Fri on one row when the five weekdays are identical; holiday hours by date.
 */

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** `08:30` → `8:30am`, `17:00` → `5pm`. */
export function formatHour(hour: string | null): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hour ?? '');
  if (!match) return '';
  const h = Number(match[1]);
  const minutes = match[2] === '00' ? '' : `:${match[2]}`;
  return `${h % 12 === 0 ? 12 : h % 12}${minutes}${h < 12 ? 'am' : 'pm'}`;
}

function hoursText(status: 'Open' | 'Closed', open: string | null, close: string | null): string {
  return status === 'Open' && open && close ? `${formatHour(open)} – ${formatHour(close)}` : 'Closed';
}

/** One row of the hours table. */
export interface HoursRow {
  label: string;
  text: string;
  /** The weekdays it stands for (0 = Sunday). */
  weekdays: number[];
}

/** The week, Monday first; Mon-Fri as one row when the five weekdays are identical (§4). */
export function openingHoursRows(hours: readonly OpeningHour[]): HoursRow[] {
  const byDay = new Map(
    hours.map((entry) => [entry.weekday, hoursText(entry.status, entry.open, entry.close)]),
  );
  const text = (day: number) => byDay.get(day) ?? 'Closed';
  const weekdays = [1, 2, 3, 4, 5];
  const rows: HoursRow[] = weekdays.every((day) => text(day) === text(1))
    ? [{ label: 'Mon-Fri', text: text(1), weekdays }]
    : weekdays.map((day) => ({ label: DAY_NAMES[day] ?? '', text: text(day), weekdays: [day] }));
  return [
    ...rows,
    { label: 'Sat', text: text(6), weekdays: [6] },
    { label: 'Sun', text: text(0), weekdays: [0] },
  ];
}

/** The holiday hours from `today` on, by date (`2026-12-25` → `Fri 25 Dec`). */
export function holidayHoursRows(
  special: readonly SpecialHours[],
  today: string,
): { label: string; text: string }[] {
  return special
    .filter((entry) => entry.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((entry) => {
      const date = new Date(`${entry.date}T00:00:00Z`);
      const part = (options: Intl.DateTimeFormatOptions) =>
        date.toLocaleDateString('en-AU', { ...options, timeZone: 'UTC' });
      const label = `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}`;
      return { label, text: hoursText(entry.status, entry.start_hour, entry.end_hour) };
    });
}
