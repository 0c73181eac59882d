import type { SnapshotFrom } from 'xstate';
import { formatRangeValue, priceRangeLabel, type SliderConfig } from '../../domain/range-slider.ts';
import type { rangeSliderMachine } from './range-slider.machine.ts';

type RangeSliderSnapshot = SnapshotFrom<typeof rangeSliderMachine>;

/** The thumbs to draw: live while dragging, else the committed range on its bounds. */
export const selectThumbs = (snapshot: RangeSliderSnapshot): [number, number] => snapshot.context.thumbs;

/** The slider's bounds, step and minimum gap between thumbs. */
export const selectConfig = (snapshot: RangeSliderSnapshot): SliderConfig => snapshot.context.config;

/**
 * The value text: `$20,000 – $80,000` for a search slider, the price-range screen's own label
 * (`$5,000 - $250,000`) for that variant.
 */
export const selectValueText = (snapshot: RangeSliderSnapshot): string => {
  const { attribute, config, thumbs, variant } = snapshot.context;
  if (variant === 'priceRange') return priceRangeLabel(config, { min: thumbs[0], max: thumbs[1] });
  return `${formatRangeValue(attribute, thumbs[0])} – ${formatRangeValue(attribute, thumbs[1])}`;
};

/** Whether the attribute is refined (so a reset has something to clear). */
export const selectIsRefined = (snapshot: RangeSliderSnapshot): boolean => snapshot.context.range !== null;

/**
 * The slider's scale in steps: thumbs sit on whole positions `0…positions` (one per step, spec §5: a
 * hundredth of the range; 490 on the price-range screen). A committed value rounded to 1000 is
 * usually between two steps, and a slider widget snaps what it is given to its step grid — so it is
 * given positions, and values come back through `valuesAt`.
 */
export function sliderPositions(config: SliderConfig): number {
  const { min, max } = config.bounds;
  return Math.max(1, Math.round((max - min) / config.step));
}

/** The whole position nearest to `value`. */
export function positionOf(config: SliderConfig, value: number): number {
  const position = Math.round((value - config.bounds.min) / config.step);
  return Math.min(sliderPositions(config), Math.max(0, position));
}

/** Where the thumbs are drawn, in positions. */
export const selectPositions = (snapshot: RangeSliderSnapshot): number[] => {
  const { config, thumbs } = snapshot.context;
  return thumbs.map((value) => positionOf(config, value));
};

/**
 * The values of thumbs at `positions`: a thumb still at the position of its current value keeps that
 * value exactly (so moving one thumb never nudges the other), the ends are the bounds, and any other
 * position is that many steps above the minimum.
 */
export function valuesAt(
  config: SliderConfig,
  positions: readonly number[],
  current: readonly number[],
): number[] {
  const last = sliderPositions(config);
  return positions.map((position, index) => {
    const value = current[index];
    if (value !== undefined && positionOf(config, value) === position) return value;
    if (position <= 0) return config.bounds.min;
    if (position >= last) return config.bounds.max;
    return config.bounds.min + position * config.step;
  });
}
