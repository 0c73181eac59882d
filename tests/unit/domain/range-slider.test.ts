import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  moveThumbs,
  PRICE_RANGE_SCREEN,
  priceRangeLabel,
  type RangeRefinement,
  type RangeStats,
  rangeBounds,
  rangeStep,
  refineRange,
  searchSliderConfig,
  sliderThumbs,
} from '../../../domain/range-slider.ts';
import type { NumericRange } from '../../../domain/search-state.ts';

const BELOW = { ok: false, message: 'Cannot refine below the range minimum' } as const;
const ABOVE = { ok: false, message: 'Cannot refine above the range maximum' } as const;
const ok = (range: NumericRange | null): RangeRefinement => ({ ok: true, range });

const price = searchSliderConfig('price', { min: 4_990, max: 98_750 });
const km = searchSliderConfig('km', { min: 10, max: 250_000 });
const year = searchSliderConfig('year', { min: 2012, max: 2025 });

type Next = { min?: number; max?: number };

describe('range slider (search-detail-finance-watchlist.md §5 Range slider, §8, §9)', () => {
  it.each<[string, RangeStats | null | undefined, { min: number; max: number }, number]>([
    [
      '§5 Range slider: bounds come from the facet stats',
      { min: 4_990, max: 98_750 },
      { min: 4_990, max: 98_750 },
      937.6,
    ],
    ['§5 Range slider: 0 to 100000 without stats', undefined, { min: 0, max: 100_000 }, 1_000],
    ['§5 Range slider: 0 to 100000 with empty stats', {}, { min: 0, max: 100_000 }, 1_000],
    ['§5 Range slider: 0 to 100000 with only one end', { min: 5 }, { min: 0, max: 100_000 }, 1_000],
    ['§5 Range slider: 0 to 100000 with crossed stats', { min: 10, max: 5 }, { min: 0, max: 100_000 }, 1_000],
    ['§5 Range slider: one value has a step of 1', { min: 2020, max: 2020 }, { min: 2020, max: 2020 }, 1],
    [
      '§5 Range slider: the step is one hundredth of the range',
      { min: 2012, max: 2025 },
      { min: 2012, max: 2025 },
      0.13,
    ],
  ])('%s', (_name, stats, bounds, step) => {
    expect(rangeBounds(stats)).toEqual(bounds);
    expect(rangeStep(rangeBounds(stats))).toBeCloseTo(step, 10);
  });

  it.each<[string, typeof price, NumericRange | null, Next, RangeRefinement]>([
    ['§5 Range slider: below the range minimum is refused', price, null, { min: 4_000 }, BELOW],
    ['§5 Range slider: above the range maximum is refused', price, null, { max: 99_000 }, ABOVE],
    ['§5 Range slider: a min above the maximum is refused', price, null, { min: 100_000 }, ABOVE],
    ['§5 Range slider: a max below the minimum is refused', price, null, { max: 1_000 }, BELOW],
    [
      '§5 Range slider: not a number is refused',
      price,
      null,
      { min: Number.NaN },
      { ok: false, message: 'Cannot refine to a value that is not a number' },
    ],
    [
      '§5 Range slider: price rounds to the nearest 1000',
      price,
      null,
      { min: 12_499, max: 30_500 },
      ok({ min: 12_000, max: 31_000 }),
    ],
    [
      '§5 Range slider: km rounds to the nearest 1000',
      km,
      null,
      { min: 15_500, max: 80_400 },
      ok({ min: 16_000, max: 80_000 }),
    ],
    ['§5 Range slider: year rounds to whole years, not 1000', year, null, { min: 2015.4 }, ok({ min: 2015 })],
    [
      '§5 Range slider: a value equal to the minimum is clamped (open end)',
      price,
      null,
      { min: 4_990, max: 30_000 },
      ok({ max: 30_000 }),
    ],
    [
      '§5 Range slider: a value equal to the maximum is clamped (open end)',
      price,
      null,
      { min: 10_000, max: 98_750 },
      ok({ min: 10_000 }),
    ],
    [
      '§5 Range slider: rounding past the maximum clamps to it',
      price,
      null,
      { min: 10_000, max: 98_600 },
      ok({ min: 10_000 }),
    ],
    [
      '§5 Range slider: rounding below the minimum clamps to it',
      price,
      null,
      { min: 5_400 },
      ok({ min: 5_000 }),
    ],
    [
      '§5 Range slider: both ends on the bounds leave no refinement',
      price,
      { min: 10_000 },
      { min: 4_990, max: 98_750 },
      ok(null),
    ],
    [
      '§5 Range slider: an end left out resets to its bound',
      price,
      { min: 10_000, max: 30_000 },
      { max: 40_000 },
      ok({ max: 40_000 }),
    ],
    [
      '§5 Range slider: the minimum cannot pass the maximum',
      price,
      { min: 10_000, max: 30_000 },
      { min: 50_000, max: 30_000 },
      ok({ min: 30_000, max: 30_000 }),
    ],
    [
      '§5 Range slider: the maximum cannot go below the minimum',
      price,
      { min: 10_000, max: 30_000 },
      { min: 10_000, max: 6_000 },
      ok({ min: 10_000, max: 10_000 }),
    ],
    [
      '§5 Range slider: the thumbs may meet',
      price,
      null,
      { min: 20_000, max: 20_000 },
      ok({ min: 20_000, max: 20_000 }),
    ],
  ])('%s', (_name, config, current, next, expected) => {
    expect(refineRange(config, current, next)).toEqual(expected);
  });

  it.each<[string, NumericRange | null, Next, RangeRefinement]>([
    ['locations-forms-tradein-site.md §9 Price slider: default range 5000 to 250000', null, {}, ok(null)],
    [
      'locations-forms-tradein-site.md §5 Price slider: values snap to steps of 500',
      null,
      { min: 12_240, max: 40_260 },
      ok({ min: 12_000, max: 40_500 }),
    ],
    ['locations-forms-tradein-site.md §5 Price slider: below 5000 is refused', null, { min: 4_500 }, BELOW],
    [
      'locations-forms-tradein-site.md §5 Price slider: above 250000 is refused',
      null,
      { max: 250_500 },
      ABOVE,
    ],
    [
      'locations-forms-tradein-site.md §5 Price slider: a moving min stops a step before max',
      { max: 20_000 },
      { min: 20_000, max: 20_000 },
      ok({ min: 19_500, max: 20_000 }),
    ],
    [
      'locations-forms-tradein-site.md §5 Price slider: a moving max stops a step after min',
      { min: 20_000 },
      { min: 20_000, max: 20_000 },
      ok({ min: 20_000, max: 20_500 }),
    ],
    [
      'locations-forms-tradein-site.md §5 Price slider: min at the top leaves a step below max',
      null,
      { min: 250_000 },
      ok({ min: 249_500 }),
    ],
    [
      'locations-forms-tradein-site.md §5 Price slider: max at the bottom leaves a step above min',
      null,
      { max: 5_000 },
      ok({ max: 5_500 }),
    ],
    [
      'locations-forms-tradein-site.md §5 Price slider: 1 step apart is allowed',
      null,
      { min: 20_000, max: 20_500 },
      ok({ min: 20_000, max: 20_500 }),
    ],
  ])('%s', (_name, current, next, expected) => {
    expect(refineRange(PRICE_RANGE_SCREEN, current, next)).toEqual(expected);
  });

  it.each<[string, typeof price, [number, number], [number, number], [number, number]]>([
    [
      '§5 Range slider: a moving min stops at the max',
      price,
      [20_000, 60_000],
      [70_000, 60_000],
      [60_000, 60_000],
    ],
    [
      '§5 Range slider: a moving max stops at the min',
      price,
      [20_000, 60_000],
      [20_000, 10_000],
      [20_000, 20_000],
    ],
    [
      '§5 Range slider: a move that does not cross is kept',
      price,
      [20_000, 60_000],
      [30_000, 60_000],
      [30_000, 60_000],
    ],
    ['§5 Range slider: the thumbs may meet', price, [20_000, 60_000], [60_000, 60_000], [60_000, 60_000]],
    [
      '§8: a value beyond a bound passes, to be refused when the move ends',
      price,
      [20_000, 60_000],
      [1_000, 60_000],
      [1_000, 60_000],
    ],
    [
      'locations-forms-tradein-site.md §5 Price slider: a moving min stops a step before max',
      PRICE_RANGE_SCREEN,
      [10_000, 20_000],
      [25_000, 20_000],
      [19_500, 20_000],
    ],
    [
      'locations-forms-tradein-site.md §5 Price slider: a moving max stops a step after min',
      PRICE_RANGE_SCREEN,
      [10_000, 20_000],
      [10_000, 10_000],
      [10_000, 10_500],
    ],
    [
      'locations-forms-tradein-site.md §5 Price slider: min at the top stops a step below max',
      PRICE_RANGE_SCREEN,
      [10_000, 250_000],
      [250_000, 250_000],
      [249_500, 250_000],
    ],
  ])('%s, while the thumb moves', (_name, config, current, next, shown) => {
    expect(moveThumbs(config, current, next)).toEqual(shown);
  });

  it.each<[string, NumericRange | null, [number, number], string]>([
    ['§2 price-range screen label: open ends sit on the bounds', null, [5_000, 250_000], '$5,000 - $250,000'],
    [
      '§2 price-range screen label: a chosen range',
      { min: 20_000, max: 40_000 },
      [20_000, 40_000],
      '$20,000 - $40,000',
    ],
    [
      '§2 price-range screen label: a range from the URL beyond the bounds is shown clamped',
      { min: 1_000 },
      [5_000, 250_000],
      '$5,000 - $250,000',
    ],
  ])('%s', (_name, range, thumbs, label) => {
    expect(sliderThumbs(PRICE_RANGE_SCREEN, range)).toEqual(thumbs);
    expect(priceRangeLabel(PRICE_RANGE_SCREEN, range)).toBe(label);
  });

  it('§5 Range slider: any refinement inside the bounds stays inside them, uncrossed (fast-check)', () => {
    const value = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    const config = fc.oneof(
      fc.constant(PRICE_RANGE_SCREEN),
      fc
        .tuple(fc.constantFrom('price', 'km', 'year'), value, value)
        .map(([attribute, a, b]) =>
          searchSliderConfig(attribute, { min: Math.min(a, b), max: Math.max(a, b) }),
        ),
    );
    fc.assert(
      fc.property(
        config,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (c, a, b) => {
          const at = (t: number): number =>
            Math.min(c.bounds.max, Math.max(c.bounds.min, c.bounds.min + t * (c.bounds.max - c.bounds.min)));
          const result = refineRange(c, null, { min: at(a), max: at(b) });
          if (!result.ok) throw new Error(result.message);
          const [min, max] = sliderThumbs(c, result.range);
          expect(min).toBeGreaterThanOrEqual(c.bounds.min);
          expect(max).toBeLessThanOrEqual(c.bounds.max);
          expect(max - min).toBeGreaterThanOrEqual(
            Math.min(c.minStepsBetweenThumbs * c.step, c.bounds.max - c.bounds.min),
          );
        },
      ),
    );
  });
});
