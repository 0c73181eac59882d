import { describe, expect, it } from 'vitest';
import type { OpeningHour } from '../../../domain/location.ts';
import {
  formatHour,
  holidayHoursRows,
  localClock,
  openingHoursRows,
  openStatus,
} from '../../../domain/opening-hours.ts';

/** Opening hours (`locations-forms-tradein-site.md` §3, §4; issue 18 item 3). */
const week = (weekday: (day: number) => Partial<OpeningHour>): OpeningHour[] =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    weekday: day,
    status: day === 0 ? 'Closed' : 'Open',
    open: day === 0 ? null : '08:30',
    close: day === 0 ? null : '17:30',
    ...weekday(day),
  }));

describe('opening hours', () => {
  it.each([
    ['08:30', '8:30am'],
    ['17:00', '5pm'],
    ['12:15', '12:15pm'],
    ['00:00', '12am'],
    [null, ''],
  ])('%s reads %s', (hour, text) => {
    expect(formatHour(hour)).toBe(text);
  });

  it('groups Mon-Fri when the five weekdays are identical; Saturday and Sunday on their own', () => {
    expect(openingHoursRows(week(() => ({}))).map((row) => [row.label, row.text])).toEqual([
      ['Mon-Fri', '8:30am – 5:30pm'],
      ['Sat', '8:30am – 5:30pm'],
      ['Sun', 'Closed'],
    ]);
  });

  it('lists each weekday when one differs (late night Thursday)', () => {
    const rows = openingHoursRows(week((day) => (day === 4 ? { close: '20:00' } : {})));
    expect(rows.map((row) => row.label)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(rows[3]?.text).toBe('8:30am – 8pm');
  });

  it('holiday hours from today on, by date, closed or open with their hours', () => {
    const special = [
      { status: 'Closed' as const, date: '2026-12-25', start_hour: null, end_hour: null },
      { status: 'Open' as const, date: '2026-12-24', start_hour: '08:30', end_hour: '14:00' },
      { status: 'Closed' as const, date: '2026-01-26', start_hour: null, end_hour: null },
    ];
    expect(holidayHoursRows(special, '2026-11-26')).toEqual([
      { label: 'Thu 24 Dec', text: '8:30am – 2pm' },
      { label: 'Fri 25 Dec', text: 'Closed' },
    ]);
  });
});

describe('open now (§4), in the location’s time zone', () => {
  const location = {
    opening_hours: week((day) => (day === 6 ? { open: '09:00', close: '16:00' } : {})),
    special_hours: [{ status: 'Closed' as const, date: '2026-12-25', start_hour: null, end_hour: null }],
  };
  const BRISBANE = 'Australia/Brisbane';
  it.each([
    // UTC instants; Brisbane is UTC+10 all year.
    ['2026-11-26T00:00:00Z', true, 'Open now · closes 5:30pm'], // Thu 10:00
    ['2026-11-25T22:00:00Z', false, 'Closed now · opens 8:30am'], // Thu 08:00
    ['2026-11-26T08:00:00Z', false, 'Closed now · opens 8:30am tomorrow'], // Thu 18:00
    ['2026-11-28T07:00:00Z', false, 'Closed now · opens 8:30am Mon'], // Sat 17:00 (Sun closed)
    ['2026-12-25T00:00:00Z', false, 'Closed now · opens 9am tomorrow'], // Christmas Day (Fri) 10:00; Sat opens 9
  ])('%s: open %s, "%s"', (instant, open, text) => {
    expect(openStatus(location, new Date(instant), BRISBANE)).toMatchObject({ open, text });
  });

  it('reads the clock of the location’s zone: Sydney is an hour ahead of Brisbane in summer', () => {
    expect(localClock(new Date('2026-11-26T00:00:00Z'), 'Australia/Sydney')).toEqual({
      date: '2026-11-26',
      weekday: 4,
      time: '11:00',
    });
  });
});
