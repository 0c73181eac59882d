import type { SnapshotFrom } from 'xstate';
import {
  formatRangeValue,
  priceRangeLabel,
  type SliderConfig,
  sliderThumbs,
} from '../../domain/range-slider.ts';
import {
  configFor,
  type RangeSliderControlled,
  type rangeSliderMachine,
  sameControlled,
} from './range-slider.machine.ts';

type RangeSliderSnapshot = SnapshotFrom<typeof rangeSliderMachine>;

/**
 * The selectors take the controlled stats and refinement (the owner's props, never mirrored into
 * the actor) as their second argument.
 */

/** The slider's bounds, step and minimum gap between thumbs. */
export const selectConfig = (
  snapshot: RangeSliderSnapshot,
  controlled: RangeSliderControlled,
): SliderConfig => configFor(snapshot.context.variant, snapshot.context.attribute, controlled.stats);

/** Whether a move is under way (and still under the stats and refinement it began with). */
const isMoving = (snapshot: RangeSliderSnapshot, controlled: RangeSliderControlled): boolean =>
  snapshot.hasTag('dragging') && sameControlled(snapshot.context.basis, controlled);

/** The thumbs to draw: live while dragging, else the controlled refinement on its bounds. */
export const selectThumbs = (
  snapshot: RangeSliderSnapshot,
  controlled: RangeSliderControlled,
): [number, number] =>
  isMoving(snapshot, controlled)
    ? snapshot.context.thumbs
    : sliderThumbs(selectConfig(snapshot, controlled), controlled.value);

/**
 * The value text: `$20,000 – $80,000` for a search slider, the price-range screen's own label
 * (`$5,000 - $250,000`) for that variant.
 */
export const selectValueText = (snapshot: RangeSliderSnapshot, controlled: RangeSliderControlled): string => {
  const { attribute, variant } = snapshot.context;
  const [min, max] = selectThumbs(snapshot, controlled);
  if (variant === 'priceRange') return priceRangeLabel(selectConfig(snapshot, controlled), { min, max });
  return `${formatRangeValue(attribute, min)} – ${formatRangeValue(attribute, max)}`;
};

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
export const selectPositions = (
  snapshot: RangeSliderSnapshot,
  controlled: RangeSliderControlled,
): number[] => {
  const config = selectConfig(snapshot, controlled);
  return selectThumbs(snapshot, controlled).map((value) => positionOf(config, value));
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
