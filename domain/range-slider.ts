import { formatNumber, formatPrice } from './format.ts';
import type { NumericRange } from './search-state.ts';

/**
 * The range slider's rules (`search-detail-finance-watchlist.md` §5 "Range slider", §8, §9;
 * `locations-forms-tradein-site.md` §5 and §9 "Price slider"). Pure: a refusal comes back as a
 * result with the spec's message, and the caller logs it.
 */

/** §8: the messages a refused value is logged with. */
export const RANGE_MESSAGES = {
  belowMin: 'Cannot refine below the range minimum',
  aboveMax: 'Cannot refine above the range maximum',
  notANumber: 'Cannot refine to a value that is not a number',
} as const;

/** §5, §9: the range when no facet stats exist. */
export const DEFAULT_RANGE_BOUNDS: RangeBounds = { min: 0, max: 100_000 };
/** §5: price and km values round to the nearest 1000. */
export const ROUNDED_ATTRIBUTES: readonly string[] = ['price', 'km'];
/** §9 "rounding 1000". */
export const RANGE_ROUNDING = 1000;

/** The slider's ends. */
export interface RangeBounds {
  readonly min: number;
  readonly max: number;
}

/** Everything a slider's rules depend on. */
export interface SliderConfig {
  readonly bounds: RangeBounds;
  readonly step: number;
  /** Values round to the nearest multiple of this (counted from 0). */
  readonly rounding: number;
  /** How many steps the two thumbs stay apart at least (0: they may meet). */
  readonly minStepsBetweenThumbs: number;
}

/** The outcome of a refinement: the new range (`null`: no refinement left), or a refusal to log. */
export type RangeRefinement =
  | { readonly ok: true; readonly range: NumericRange | null }
  | { readonly ok: false; readonly message: string };

/** Facet stats of a numeric attribute (`facets_stats`), when the search returned any. */
export interface RangeStats {
  readonly min?: number | null;
  readonly max?: number | null;
}

/** §5 "The default range when no stats exist is 0 to 100000": usable stats, else the default. */
export function rangeBounds(stats?: RangeStats | null): RangeBounds {
  const min = stats?.min;
  const max = stats?.max;
  if (typeof min !== 'number' || typeof max !== 'number') return DEFAULT_RANGE_BOUNDS;
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) return DEFAULT_RANGE_BOUNDS;
  return { min, max };
}

/** §5 "The step is one hundredth of the range" (1 when the range is a single value). */
export function rangeStep(bounds: RangeBounds): number {
  const width = bounds.max - bounds.min;
  return width > 0 ? width / 100 : 1;
}

/**
 * The search slider of one attribute: bounds from its stats, a hundredth of the range per step,
 * price and km rounded to 1000 and other attributes to whole numbers (year, subscription price —
 * the spec is silent; InstantSearch's range default is whole numbers too). The thumbs may meet.
 */
export function searchSliderConfig(attribute: string, stats?: RangeStats | null): SliderConfig {
  const bounds = rangeBounds(stats);
  return {
    bounds,
    step: rangeStep(bounds),
    rounding: ROUNDED_ATTRIBUTES.includes(attribute) ? RANGE_ROUNDING : 1,
    minStepsBetweenThumbs: 0,
  };
}

/**
 * `locations-forms-tradein-site.md` §5, §9: the price-range screen's slider — 5000 to 250000 in
 * steps of 500, min and max at least one step apart (values sit on the 500 grid, so "at least 1
 * apart" and "one step apart" are the same).
 */
export const PRICE_RANGE_SCREEN: SliderConfig = {
  bounds: { min: 5_000, max: 250_000 },
  step: 500,
  rounding: 500,
  minStepsBetweenThumbs: 1,
};

const clamp = (value: number, bounds: RangeBounds): number =>
  Math.min(bounds.max, Math.max(bounds.min, value));

function roundTo(value: number, multiple: number): number {
  const rounded = Math.round(value / multiple) * multiple;
  return rounded === 0 ? 0 : rounded;
}

/** The thumbs of a range: an open end sits on its bound. */
export function sliderThumbs(config: SliderConfig, range: NumericRange | null | undefined): [number, number] {
  const { bounds } = config;
  return [clamp(range?.min ?? bounds.min, bounds), clamp(range?.max ?? bounds.max, bounds)];
}

/**
 * §5: refines the range to `next` (an end left `undefined` is reset to its bound).
 * - A value below the range minimum or above the maximum is refused with the §8 message.
 * - A value equal to a bound is clamped there as it is; other values round (price and km to the
 *   nearest 1000) and are clamped to the bounds. An end on its bound is released, so the refinement
 *   stays open there (`range[price]=:30000`) and follows the stats as stock changes.
 * - The minimum cannot pass the maximum, nor the maximum go below the minimum: the thumb that moved
 *   stops at the other (or the configured number of steps before it).
 */
export function refineRange(
  config: SliderConfig,
  current: NumericRange | null | undefined,
  next: { readonly min?: number | undefined; readonly max?: number | undefined },
): RangeRefinement {
  const { bounds } = config;
  for (const value of [next.min, next.max]) {
    if (value === undefined) continue;
    if (Number.isNaN(value)) return { ok: false, message: RANGE_MESSAGES.notANumber };
    if (value < bounds.min) return { ok: false, message: RANGE_MESSAGES.belowMin };
    if (value > bounds.max) return { ok: false, message: RANGE_MESSAGES.aboveMax };
  }
  const settle = (value: number | undefined, fallback: number): number => {
    if (value === undefined) return fallback;
    if (value === bounds.min || value === bounds.max) return value;
    return clamp(roundTo(value, config.rounding), bounds);
  };
  let min = settle(next.min, bounds.min);
  let max = settle(next.max, bounds.max);
  const gap = config.minStepsBetweenThumbs * config.step;
  if (max - min < gap || max < min) {
    const [currentMin] = sliderThumbs(config, current);
    const minMoved = min !== currentMin;
    if (minMoved) {
      min = Math.max(bounds.min, max - gap);
      max = Math.min(bounds.max, Math.max(max, min + gap));
    } else {
      max = Math.min(bounds.max, min + gap);
      min = Math.max(bounds.min, Math.min(min, max - gap));
    }
  }
  const range: NumericRange = {
    ...(min > bounds.min && { min }),
    ...(max < bounds.max && { max }),
  };
  return { ok: true, range: range.min === undefined && range.max === undefined ? null : range };
}

/**
 * §5 "The minimum cannot pass the maximum, and the maximum cannot go below the minimum", while a
 * thumb moves: the thumb that moved stops at the other one (or the configured number of steps before
 * it), so the thumbs never cross on screen. Values outside the bounds pass through unchanged — they
 * are refused by `refineRange` when the move ends — and so does a move of both thumbs at once.
 */
export function moveThumbs(
  config: SliderConfig,
  current: readonly [number, number],
  next: readonly [number, number],
): [number, number] {
  const [min, max] = next;
  const gap = config.minStepsBetweenThumbs * config.step;
  if (max - min >= gap) return [min, max];
  const minMoved = min !== current[0];
  const maxMoved = max !== current[1];
  if (minMoved && !maxMoved) return [Math.max(config.bounds.min, Math.min(min, max - gap)), max];
  if (maxMoved && !minMoved) return [min, Math.min(config.bounds.max, Math.max(max, min + gap))];
  return [min, max];
}

/** The price-range screen's label: `$5,000 - $250,000`. */
export function priceRangeLabel(config: SliderConfig, range: NumericRange | null | undefined): string {
  const [min, max] = sliderThumbs(config, range);
  return `${formatPrice(min)} - ${formatPrice(max)}`;
}

const PRICE_ATTRIBUTES: readonly string[] = ['price', 'subscription_price'];

/**
 * One value as the shopper reads it (spec doc 1 §9: comma thousands, `$` on prices): `$34,990`,
 * `45,000 km`, `2019` (a year has no separator).
 */
export function formatRangeValue(attribute: string, value: number): string {
  if (PRICE_ATTRIBUTES.includes(attribute)) return formatPrice(value);
  if (attribute === 'km') return `${formatNumber(value)} km`;
  if (attribute === 'year') return String(Math.round(value));
  return formatNumber(value);
}
