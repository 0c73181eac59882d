import { describe, expect, it } from 'vitest';
import {
  type ConsoleReservationState,
  cardLabel,
  consoleStateOf,
  filterOfState,
  formatDealerMoment,
  formatDeposit,
  formatTimeLeft,
  parseReservationFilter,
  type ReservationFilter,
  recount,
  reservationsHref,
  secondsLeft,
} from '../../../domain/console-reservations.ts';

/** The dealer console's reservations (issue 36 item 4): states, time left, counts, addresses. */
const NOW = new Date('2026-11-27T10:00:00.000Z');
const at = (offsetSeconds: number) => new Date(NOW.getTime() + offsetSeconds * 1000).toISOString();
type Stored = Parameters<typeof consoleStateOf>[0];

describe('a stored reservation’s state in the console (issue 36 item 4)', () => {
  it.each<[string, Stored, ConsoleReservationState | null]>([
    [
      'a claim whose card is not yet authorised awaits its payment',
      { status: 'pending', held_until: null, released_early: false },
      'awaiting_payment',
    ],
    [
      'a hold with time left is held',
      { status: 'held', held_until: at(3600), released_early: false },
      'held',
    ],
    [
      'a hold past its time is expired before the sweep releases it',
      { status: 'held', held_until: at(-1), released_early: false },
      'expired',
    ],
    [
      'a hold at the very moment it ends is expired',
      { status: 'held', held_until: at(0), released_early: false },
      'expired',
    ],
    ['a hold without an end is held', { status: 'held', held_until: null, released_early: false }, 'held'],
    [
      'a confirmed sale is confirmed',
      { status: 'confirmed', held_until: at(-60), released_early: false },
      'confirmed',
    ],
    [
      'a release the dealer made early is released',
      { status: 'released', held_until: at(3600), released_early: true },
      'released',
    ],
    [
      'a release by the sweep is expired',
      { status: 'released', held_until: at(-60), released_early: false },
      'expired',
    ],
    [
      'a claim that failed is not listed',
      { status: 'failed', held_until: null, released_early: false },
      null,
    ],
  ])('%s', (_name, stored, state) => {
    expect(consoleStateOf(stored, NOW)).toBe(state);
  });

  it.each<[ConsoleReservationState, ReservationFilter]>([
    ['awaiting_payment', 'held'],
    ['held', 'held'],
    ['confirmed', 'confirmed'],
    ['released', 'released'],
    ['expired', 'expired'],
  ])('%s is listed under %s', (state, filter) => {
    expect(filterOfState(state)).toBe(filter);
  });
});

describe('the time left on a hold (issue 36 item 4)', () => {
  it.each<[string, string | null, number | null]>([
    ['no end: not held', null, null],
    ['48 hours ahead', at(48 * 3600), 172_800],
    ['a part second rounds down', at(90.9), 90],
    ['past its end: never below zero', at(-300), 0],
  ])('seconds left — %s', (_name, heldUntil, seconds) => {
    expect(secondsLeft(heldUntil, NOW)).toBe(seconds);
  });

  it.each<[number, string]>([
    [-5, 'Ran out'],
    [0, 'Ran out'],
    [1, 'Under a minute left'],
    [59, 'Under a minute left'],
    [60, '1 min left'],
    [12 * 60 + 59, '12 min left'],
    [3600, '1 h left'],
    [47 * 3600 + 12 * 60 + 30, '47 h 12 min left'],
    [48 * 3600, '48 h left'],
  ])('%i s reads “%s”', (seconds, text) => {
    expect(formatTimeLeft(seconds)).toBe(text);
  });
});

describe('the counts of the list’s filters after a decision (issue 36 item 4)', () => {
  const counts = { held: 3, confirmed: 1, released: 0, expired: 2 };
  it.each<[string, ConsoleReservationState, ConsoleReservationState, typeof counts]>([
    ['a sale moves one from held to confirmed', 'held', 'confirmed', { ...counts, held: 2, confirmed: 2 }],
    ['a release moves one from held to released', 'held', 'released', { ...counts, held: 2, released: 1 }],
    ['a payment that arrives stays under held', 'awaiting_payment', 'held', counts],
    ['a count never goes below zero', 'released', 'expired', { ...counts, released: 0, expired: 3 }],
  ])('%s', (_name, before, after, expected) => {
    expect(recount(counts, before, after)).toEqual(expected);
  });

  it('leaves the counts given as they were', () => {
    const given = { ...counts };
    recount(given, 'held', 'confirmed');
    expect(given).toEqual(counts);
  });
});

describe('the list’s address, deposits, cards and moments (issue 36 item 4)', () => {
  it.each<[string, ReservationFilter | null]>([
    ['?state=held', 'held'],
    ['?state=expired&x=1', 'expired'],
    ['?state=sold', null],
    ['', null],
  ])('“%s” filters %s', (search, filter) => {
    expect(parseReservationFilter(search)).toBe(filter);
    if (filter)
      expect(parseReservationFilter(new URL(reservationsHref(filter), 'http://x').search)).toBe(filter);
  });

  it('every reservation has the bare address', () => {
    expect(reservationsHref(null)).toBe('/dealer/reservations');
    expect(reservationsHref('confirmed')).toBe('/dealer/reservations?state=confirmed');
  });

  it.each<[number, string]>([
    [200, '$200'],
    [1500, '$1,500'],
    [125.5, '$125.50'],
  ])('a %d deposit reads %s', (amount, text) => {
    expect(formatDeposit(amount)).toBe(text);
  });

  it.each<[string | null, string | null, string | null]>([
    ['visa', '4242', 'Visa •••• 4242'],
    [null, '0005', 'Card •••• 0005'],
    ['mastercard', null, null],
  ])('card %s %s reads %s', (brand, last4, text) => {
    expect(cardLabel(brand, last4)).toBe(text);
  });

  it.each<[string, string, string]>([
    ['2026-11-29T06:30:00.000Z', 'Australia/Brisbane', '4:30pm Sun 29 Nov'],
    ['2026-11-29T13:00:00.000Z', 'Australia/Sydney', '12am Mon 30 Nov'],
  ])('%s in %s reads %s', (iso, zone, text) => {
    expect(formatDealerMoment(iso, zone)).toBe(text);
  });
});
