import { describe, expect, it } from 'vitest';
import { holidayHoursRows, mergeSpecialHours } from '../../../domain/opening-hours.ts';

/** Decision 128: the console's special days over the site config's, one entry a date. */
describe('mergeSpecialHours (issue 36 item 6)', () => {
  const config = [
    { date: '2026-12-25', status: 'Closed' as const, start_hour: null, end_hour: null },
    { date: '2026-12-24', status: 'Open' as const, start_hour: '08:30', end_hour: '14:00' },
  ];

  it('keeps the config’s days, adds the console’s, and the console’s wins on a date both have, by date', () => {
    const merged = mergeSpecialHours(config, [
      { date: '2026-12-25', status: 'Open', start_hour: '10:00', end_hour: '13:00', label: 'Christmas sale' },
      { date: '2026-12-01', status: 'Closed', start_hour: null, end_hour: null, label: 'Staff training day' },
    ]);
    expect(merged.map((d) => [d.date, d.status, d.label])).toEqual([
      ['2026-12-01', 'Closed', 'Staff training day'],
      ['2026-12-24', 'Open', undefined],
      ['2026-12-25', 'Open', 'Christmas sale'],
    ]);
  });

  it('shows a day’s label beside its date in the holiday hours', () => {
    const rows = holidayHoursRows(
      mergeSpecialHours(config, [
        {
          date: '2026-12-01',
          status: 'Closed',
          start_hour: null,
          end_hour: null,
          label: 'Staff training day',
        },
      ]),
      '2026-11-27',
    );
    expect(rows[0]).toEqual({ label: 'Tue 1 Dec (Staff training day)', text: 'Closed' });
    expect(rows[1]).toEqual({ label: 'Thu 24 Dec', text: '8:30am – 2pm' });
  });
});
