import { describe, expect, it } from 'vitest';
import { showsAverage, starFills } from '../../../domain/review-stars.ts';

/** Review stars and the minimum (`locations-forms-tradein-site.md` §5, §9). */
describe('review stars', () => {
  it.each([
    [4.7, [1, 1, 1, 1, 0.7]],
    [5, [1, 1, 1, 1, 1]],
    [4, [1, 1, 1, 1, 0]],
    [3.25, [1, 1, 1, 0.3, 0]],
    [0, [0, 0, 0, 0, 0]],
    [7, [1, 1, 1, 1, 1]],
  ])('%f shows %o (up to 4 full stars plus a partial one)', (average, fills) => {
    expect(starFills(average)).toEqual(fills);
  });

  it.each([
    [4.7, 4, true],
    [4, 4, false],
    [3.9, 3.5, true],
  ])('an average of %f with a minimum of %f shows: %s', (average, minimum, shown) => {
    expect(showsAverage(average, minimum)).toBe(shown);
  });
});
