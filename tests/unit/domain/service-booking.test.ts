import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { fieldErrors } from '../../../domain/auth.ts';
import {
  ODOMETER_MAX_KM,
  ODOMETER_MESSAGE,
  odometerSchema,
  SERVICE_TIME_REQUIRED_MESSAGE,
} from '../../../domain/service-booking.ts';
import { siteFormSchema } from '../../../domain/site-forms.ts';
import { freeSlots, isFreeSlot } from '../../../domain/test-drive-slots.ts';

/**
 * Issue 37 item 8: a service booking's odometer and preferred time. The spec gives no range for an
 * odometer; ours is a whole number of km from 0 to 999,999, typed with or without separators.
 */
describe('the odometer', () => {
  it.each([
    ['45000', 45000],
    ['45,000', 45000],
    [' 45 000 ', 45000],
    ['0', 0],
    [String(ODOMETER_MAX_KM), ODOMETER_MAX_KM],
    [120000, 120000],
  ])('%j is %d km', (typed, km) => {
    expect(z.parse(odometerSchema, typed)).toBe(km);
  });

  it.each([['lots'], ['-5'], ['4.5'], ['1000000'], [''], [1_000_000], [-1], [12.5], [null], [undefined]])(
    '%j is refused with the odometer’s message',
    (typed) => {
      const parsed = z.safeParse(odometerSchema, typed);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(ODOMETER_MESSAGE);
    },
  );
});

describe('the service form’s rules', () => {
  const rules = { dealershipCount: 1, service: true, messageOptional: true } as const;

  it('asks a preferred time and the odometer, not the terms', () => {
    const parsed = z.safeParse(siteFormSchema(rules), { category: 'General Enquiry' });
    expect(parsed.success).toBe(false);
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    expect(errors).toMatchObject({ dateTime: SERVICE_TIME_REQUIRED_MESSAGE, odometer: ODOMETER_MESSAGE });
    expect(errors).not.toHaveProperty('terms_conditions');
  });

  it('other forms leave both optional', () => {
    expect(z.safeParse(siteFormSchema({ dealershipCount: 1, messageOptional: true }), {}).success).toBe(true);
  });
});

describe('a service centre’s preferred times (the test drive’s slot rules, nothing taken)', () => {
  // Mon–Fri 7:30–17:00, closed weekends; Brisbane (no daylight saving).
  const rules = {
    openingHours: [1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      status: 'Open' as const,
      open: '07:30',
      close: '17:00',
    })),
    specialHours: [
      { date: '2026-12-01', status: 'Closed' as const, start_hour: null, end_hour: null, label: 'Stocktake' },
    ],
    timeZone: 'Australia/Brisbane',
    // Friday 27 November 2026, 3:10 pm in Brisbane.
    now: new Date('2026-11-27T05:10:00.000Z'),
    booked: new Set<string>(),
    days: 7,
  };

  it('offers open days only, within the hours, from two hours on', () => {
    const days = freeSlots(rules);
    expect(days.map((day) => day.date)).toEqual(['2026-11-30', '2026-12-02', '2026-12-03']);
    expect(days[0]?.slots[0]?.time).toBe('07:30');
    expect(days[0]?.slots.at(-1)?.time).toBe('16:30');
  });

  it('refuses a past time, a closed day, a time outside the hours and one off the half hour', () => {
    expect(isFreeSlot('2026-11-30T00:00:00.000Z', rules)).toBe(true); // Monday 10:00 am
    expect(isFreeSlot('2026-11-27T06:00:00.000Z', rules)).toBe(false); // today, too soon
    expect(isFreeSlot('2026-11-28T00:00:00.000Z', rules)).toBe(false); // Saturday
    expect(isFreeSlot('2026-12-01T00:00:00.000Z', rules)).toBe(false); // stocktake
    expect(isFreeSlot('2026-11-30T07:30:00.000Z', rules)).toBe(false); // 5:30 pm
    expect(isFreeSlot('2026-11-30T00:07:00.000Z', rules)).toBe(false);
  });
});
