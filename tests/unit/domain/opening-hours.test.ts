import { describe, expect, it } from 'vitest';
import type { OpeningHour } from '../../../domain/location.ts';
import { formatHour, holidayHoursRows, openingHoursRows } from '../../../domain/opening-hours.ts';

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
