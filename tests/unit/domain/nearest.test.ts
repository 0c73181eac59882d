import { describe, expect, it } from 'vitest';
import { distanceKm, nearestFirst } from '../../../domain/nearest.ts';

/** Nearest to me (issue 18 item 2): great-circle distance with an Earth radius of 6371 km. */
const BRISBANE = { lat: -27.4698, long: 153.0251 };
const SYDNEY = { lat: -33.8688, long: 151.2093 };
const WYNNUM = { lat: -27.4571, long: 153.1524 };

describe('nearest to me', () => {
  it.each([
    [BRISBANE, BRISBANE, 0],
    [BRISBANE, SYDNEY, 732],
    [BRISBANE, WYNNUM, 12.6],
  ])('%o → %o is about %f km', (a, b, km) => {
    expect(distanceKm(a, b)).toBeCloseTo(km, km > 100 ? -1 : 0);
  });

  it('sorts locations nearest first, with the distance to a tenth of a kilometre', () => {
    const locations = [
      { slug: 'sydney', address: SYDNEY },
      { slug: 'wynnum', address: WYNNUM },
      { slug: 'brisbane', address: BRISBANE },
    ];
    expect(nearestFirst(BRISBANE, locations)).toEqual([
      { slug: 'brisbane', km: 0 },
      { slug: 'wynnum', km: 12.6 },
      { slug: 'sydney', km: expect.closeTo(732, -1) },
    ]);
  });
});
