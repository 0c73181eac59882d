import { describe, expect, it } from 'vitest';
import { STATE_TIME_ZONES } from '../../../domain/au-state.ts';
import type { OpeningHour } from '../../../domain/location.ts';
import { freeSlots, isFreeSlot, type SlotRules, zonedInstant } from '../../../domain/test-drive-slots.ts';

/** Issue 15 item 4: free test-drive times from opening hours, holiday hours and the dealer's time zone. */
const weekdays = (open: string, close: string): OpeningHour[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
    weekday === 0
      ? { weekday, status: 'Closed', open: null, close: null }
      : { weekday, status: 'Open', open, close },
  );

const rules = (over: Partial<SlotRules>): SlotRules => ({
  openingHours: weekdays('09:00', '17:00'),
  specialHours: [],
  timeZone: STATE_TIME_ZONES.qld,
  now: new Date('2026-11-25T20:00:00Z'), // Thursday 26 Nov, 6:00 am in Brisbane
  booked: new Set(),
  days: 3,
  ...over,
});

describe('free test-drive times', () => {
  it('are 30 minutes apart from opening until a slot before closing, in the local zone', () => {
    const [thursday] = freeSlots(rules({}));
    expect(thursday?.date).toBe('2026-11-26');
    expect(thursday?.label).toBe('Thursday 26 November');
    expect(thursday?.slots[0]).toEqual({
      start: '2026-11-25T23:00:00.000Z',
      time: '09:00',
      label: '9:00 am',
    });
    expect(thursday?.slots.at(-1)?.label).toBe('4:30 pm');
    expect(thursday?.slots).toHaveLength(16);
  });

  it('start no sooner than two hours from now', () => {
    // 10:10 am in Brisbane: the first time is 12:30 pm.
    const [today] = freeSlots(rules({ now: new Date('2026-11-26T00:10:00Z') }));
    expect(today?.slots[0]?.label).toBe('12:30 pm');
  });

  it('skip closed weekdays and holidays; a holiday with its own hours uses them', () => {
    const days = freeSlots(
      rules({
        days: 4,
        specialHours: [
          { date: '2026-11-27', status: 'Closed', start_hour: null, end_hour: null },
          { date: '2026-11-28', status: 'Open', start_hour: '10:00', end_hour: '12:00' },
        ],
      }),
    );
    // Thu open, Fri holiday closed, Sat short hours, Sun closed.
    expect(days.map((d) => d.date)).toEqual(['2026-11-26', '2026-11-28']);
    expect(days[1]?.slots.map((s) => s.time)).toEqual(['10:00', '10:30', '11:00', '11:30']);
  });

  it('leave out times already booked', () => {
    const booked = new Set(['2026-11-25T23:00:00.000Z']);
    const [thursday] = freeSlots(rules({ booked }));
    expect(thursday?.slots[0]?.time).toBe('09:30');
    expect(isFreeSlot('2026-11-25T23:00:00.000Z', rules({ booked }))).toBe(false);
    expect(isFreeSlot('2026-11-25T23:30:00.000Z', rules({ booked }))).toBe(true);
  });

  it('Queensland keeps +10:00 in summer while New South Wales is on daylight time (+11:00)', () => {
    expect(new Date(zonedInstant('2026-12-01', '09:00', STATE_TIME_ZONES.qld)).toISOString()).toBe(
      '2026-11-30T23:00:00.000Z',
    );
    expect(new Date(zonedInstant('2026-12-01', '09:00', STATE_TIME_ZONES.nsw)).toISOString()).toBe(
      '2026-11-30T22:00:00.000Z',
    );
    // In winter Sydney is +10:00 too.
    expect(new Date(zonedInstant('2026-07-01', '09:00', STATE_TIME_ZONES.nsw)).toISOString()).toBe(
      '2026-06-30T23:00:00.000Z',
    );
  });

  it('a day on which daylight saving starts offers no time that does not exist', () => {
    // Sydney skips 2:00–3:00 am on Sunday 4 October 2026; a location open 1:00–4:00 that day.
    const days = freeSlots(
      rules({
        timeZone: STATE_TIME_ZONES.nsw,
        now: new Date('2026-10-01T00:00:00Z'),
        days: 5,
        specialHours: [{ date: '2026-10-04', status: 'Open', start_hour: '01:00', end_hour: '04:00' }],
      }),
    );
    const sunday = days.find((d) => d.date === '2026-10-04');
    expect(sunday?.slots.map((s) => s.time)).toEqual(['01:00', '01:30', '03:00', '03:30']);
  });

  it('a past time, a closed day or a time off the half hour is not free', () => {
    const r = rules({});
    expect(isFreeSlot('2026-11-20T23:00:00.000Z', r)).toBe(false);
    expect(isFreeSlot('2026-11-28T23:00:00.000Z', r)).toBe(false); // Sunday 29th
    expect(isFreeSlot('2026-11-25T23:10:00.000Z', r)).toBe(false);
  });
});
