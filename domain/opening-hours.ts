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

/** The holiday hours from `today` on, by date (`2026-12-25` → `Fri 25 Dec`, with its label: `Fri 25 Dec (Christmas Day)`). */
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
      const day = `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}`;
      const label = entry.label ? `${day} (${entry.label})` : day;
      return { label, text: hoursText(entry.status, entry.start_hour, entry.end_hour) };
    });
}

/** A moment as a location's clock reads it: its date, weekday (0 = Sunday) and `HH:MM`. */
export function localClock(instant: Date, timeZone: string): { date: string; weekday: number; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: DAY_NAMES.indexOf(String(parts.weekday).slice(0, 3) as (typeof DAY_NAMES)[number]),
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** A day's hours: its holiday entry when it has one (§4), else its weekday's. */
function hoursOn(
  location: { opening_hours: readonly OpeningHour[]; special_hours: readonly SpecialHours[] },
  date: string,
  weekday: number,
): { open: string; close: string } | null {
  const special = location.special_hours.find((entry) => entry.date === date);
  if (special)
    return special.status === 'Open' && special.start_hour && special.end_hour
      ? { open: special.start_hour, close: special.end_hour }
      : null;
  const regular = location.opening_hours.find((entry) => entry.weekday === weekday);
  return regular?.status === 'Open' && regular.open && regular.close
    ? { open: regular.open, close: regular.close }
    : null;
}

/**
 * §4 "open now / closes at": from the location's hours and today's holiday hours, in its own time
 * zone. Closed, it says when it opens next (today, or the next open day within a week).
 */
export function openStatus(
  location: { opening_hours: readonly OpeningHour[]; special_hours: readonly SpecialHours[] },
  instant: Date,
  timeZone: string,
): { open: boolean; text: string; weekday: number } {
  const now = localClock(instant, timeZone);
  const today = hoursOn(location, now.date, now.weekday);
  if (today && now.time >= today.open.slice(0, 5) && now.time < today.close.slice(0, 5)) {
    return { open: true, text: `Open now · closes ${formatHour(today.close)}`, weekday: now.weekday };
  }
  if (today && now.time < today.open.slice(0, 5)) {
    return { open: false, text: `Closed now · opens ${formatHour(today.open)}`, weekday: now.weekday };
  }
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = new Date(`${now.date}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + ahead);
    const date = day.toISOString().slice(0, 10);
    const next = hoursOn(location, date, day.getUTCDay());
    if (next) {
      const when = ahead === 1 ? 'tomorrow' : DAY_NAMES[day.getUTCDay()];
      return {
        open: false,
        text: `Closed now · opens ${formatHour(next.open)} ${when}`,
        weekday: now.weekday,
      };
    }
  }
  return { open: false, text: 'Closed now', weekday: now.weekday };
}

/**
 * A location's dated exceptions as every reader sees them (issue 36 item 6, decision 128): the site
 * config's `special_hours` with the days the dealer's staff set in the console laid over them — one
 * entry a date, the console's where both have one — by date. The one merge: the server applies it
 * where a site enters a request or a job (`server/console/hours/location-hours.ts`), so the location
 * pages, the acknowledgement's "opens next" and the test-drive times all read the same hours.
 */
export function mergeSpecialHours(
  config: readonly SpecialHours[],
  stored: readonly SpecialHours[],
): SpecialHours[] {
  const byDate = new Map(config.map((entry) => [entry.date, entry]));
  for (const entry of stored) byDate.set(entry.date, entry);
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
