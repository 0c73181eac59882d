import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { PRICE_RANGE_SCREEN, RANGE_MESSAGES, searchSliderConfig } from '../../../domain/range-slider.ts';
import {
  type RangeSliderControlled,
  type RangeSliderEmitted,
  type RangeSliderInput,
  rangeSliderMachine,
} from '../../../machines/range-slider/range-slider.machine.ts';
import {
  positionOf,
  selectConfig,
  selectThumbs,
  selectValueText,
  sliderPositions,
  valuesAt,
} from '../../../machines/range-slider/range-slider.selectors.ts';

/**
 * A slider whose owner follows its refinements, as the search page does: the stats and the
 * refinement are the owner's (`controlled`), sent with every event and given to the selectors.
 */
function start(input: RangeSliderInput & RangeSliderControlled) {
  const { stats, value, ...rest } = input;
  const controlled: RangeSliderControlled = { stats, value };
  const actor = createActor(rangeSliderMachine, { input: rest }).start();
  const emitted: RangeSliderEmitted[] = [];
  actor.on('*', (event) => {
    emitted.push(event);
    if (event.type === 'range.refine') controlled.value = event.range;
  });
  const send = (
    event: { type: 'slider.drag'; values: number[] } | { type: 'slider.commit' | 'slider.reset' },
  ) => actor.send({ ...event, ...controlled });
  const move = (values: number[]) => {
    send({ type: 'slider.drag', values });
    send({ type: 'slider.commit' });
  };
  const view = () => ({ snapshot: actor.getSnapshot(), controlled });
  return { actor, emitted, move, send, controlled, view };
}

const priceStats = { min: 1000, max: 99_000 };

describe('range slider machine (spec doc 1 §5 "Range slider", §8)', () => {
  it('§5: without stats the range is 0 to 100000 and the step a hundredth of it', () => {
    const { actor, controlled } = start({ attribute: 'price', stats: null, value: null });
    expect(selectConfig(actor.getSnapshot(), controlled)).toMatchObject({
      bounds: { min: 0, max: 100_000 },
      step: 1000,
    });
    expect(selectThumbs(actor.getSnapshot(), controlled)).toEqual([0, 100_000]);
  });

  it('§5: with stats the bounds are the stats and the step a hundredth of the range', () => {
    const { actor, controlled } = start({ attribute: 'km', stats: { min: 2000, max: 152_000 }, value: null });
    expect(selectConfig(actor.getSnapshot(), controlled)).toMatchObject({
      bounds: { min: 2000, max: 152_000 },
      step: 1500,
    });
  });

  it('shows live values while dragging and refines only when the move ends', () => {
    const { actor, emitted, controlled, send } = start({
      attribute: 'price',
      stats: priceStats,
      value: null,
    });
    send({ type: 'slider.drag', values: [20_400, 80_600] });
    expect(actor.getSnapshot().hasTag('dragging')).toBe(true);
    expect(selectValueText(actor.getSnapshot(), controlled)).toBe('$20,400 – $80,600');
    expect(emitted).toEqual([]);
    send({ type: 'slider.commit' });
    expect(actor.getSnapshot().hasTag('dragging')).toBe(false);
    expect(emitted).toEqual([
      { type: 'range.refine', attribute: 'price', range: { min: 20_000, max: 81_000 } },
    ]);
  });

  it('§5: price and km round to the nearest 1000; year to whole years', () => {
    const km = start({ attribute: 'km', stats: { min: 0, max: 200_000 }, value: null });
    km.move([15_499, 120_500]);
    expect(km.controlled.value).toEqual({ min: 15_000, max: 121_000 });
    const year = start({ attribute: 'year', stats: { min: 2005, max: 2024 }, value: null });
    year.move([2010.38, 2019.6]);
    expect(year.controlled.value).toEqual({ min: 2010, max: 2020 });
    expect(selectValueText(year.actor.getSnapshot(), year.controlled)).toBe('2010 – 2020');
  });

  it('§5: a value equal to a bound is kept there, and that end stays open', () => {
    const { actor, emitted, move, controlled } = start({
      attribute: 'price',
      stats: priceStats,
      value: null,
    });
    move([1000, 50_400]);
    expect(emitted.at(-1)).toEqual({ type: 'range.refine', attribute: 'price', range: { max: 50_000 } });
    expect(selectThumbs(actor.getSnapshot(), controlled)).toEqual([1000, 50_000]);
  });

  it('§8: a value below the minimum is refused and only logged: no refinement, thumbs back', () => {
    const { actor, emitted, move, controlled } = start({
      attribute: 'price',
      stats: priceStats,
      value: { min: 20_000 },
    });
    move([500, 60_000]);
    expect(emitted).toEqual([
      { type: 'range.refused', attribute: 'price', message: RANGE_MESSAGES.belowMin },
    ]);
    expect(RANGE_MESSAGES.belowMin).toBe('Cannot refine below the range minimum');
    expect(controlled.value).toEqual({ min: 20_000 });
    expect(selectThumbs(actor.getSnapshot(), controlled)).toEqual([20_000, 99_000]);
  });

  it('§8: a value above the maximum is refused and only logged', () => {
    const { emitted, move } = start({ attribute: 'price', stats: priceStats, value: null });
    move([1000, 99_500]);
    expect(emitted).toEqual([
      { type: 'range.refused', attribute: 'price', message: 'Cannot refine above the range maximum' },
    ]);
  });

  it('§5: the minimum cannot pass the maximum, nor the maximum go below the minimum', () => {
    const { move, controlled } = start({
      attribute: 'price',
      stats: { min: 0, max: 100_000 },
      value: null,
    });
    move([60_000, 40_000]);
    const range = controlled.value;
    expect(range?.min).toBeLessThanOrEqual(range?.max ?? Number.NaN);
  });

  it('§5: while a thumb moves it stops at the other one, and the move refines from there', () => {
    const { actor, emitted, controlled, send } = start({
      attribute: 'price',
      stats: priceStats,
      value: { min: 20_000, max: 60_000 },
    });
    send({ type: 'slider.drag', values: [70_000, 60_000] });
    expect(selectThumbs(actor.getSnapshot(), controlled)).toEqual([60_000, 60_000]);
    send({ type: 'slider.commit' });
    expect(emitted).toEqual([
      { type: 'range.refine', attribute: 'price', range: { min: 60_000, max: 60_000 } },
    ]);
  });

  it('a move that changes nothing emits nothing', () => {
    const { emitted, move } = start({ attribute: 'price', stats: priceStats, value: { min: 20_000 } });
    move([20_300, 99_000]);
    expect(emitted).toEqual([]);
  });

  it('new stats move the bounds and keep the refinement; an outside change is shown, not emitted', () => {
    const { actor, emitted, controlled } = start({
      attribute: 'price',
      stats: priceStats,
      value: { min: 30_000 },
    });
    controlled.stats = { min: 5000, max: 60_000 };
    expect(selectConfig(actor.getSnapshot(), controlled).bounds).toEqual({ min: 5000, max: 60_000 });
    expect(selectThumbs(actor.getSnapshot(), controlled)).toEqual([30_000, 60_000]);
    controlled.value = { max: 40_000 };
    expect(selectThumbs(actor.getSnapshot(), controlled)).toEqual([5000, 40_000]);
    expect(emitted).toEqual([]);
  });

  it('new stats or an outside change during a move end it: thumbs back, its commit ignored', () => {
    const { actor, emitted, controlled, send } = start({
      attribute: 'price',
      stats: priceStats,
      value: null,
    });
    send({ type: 'slider.drag', values: [20_400, 80_600] });
    controlled.value = { min: 30_000 };
    expect(selectThumbs(actor.getSnapshot(), controlled)).toEqual([30_000, 99_000]);
    send({ type: 'slider.commit' });
    expect(emitted).toEqual([]);
    send({ type: 'slider.drag', values: [30_000, 80_600] });
    controlled.stats = { min: 5000, max: 90_000 };
    send({ type: 'slider.drag', values: [30_000, 70_200] });
    expect(selectThumbs(actor.getSnapshot(), controlled)).toEqual([30_000, 70_200]);
    send({ type: 'slider.commit' });
    expect(emitted).toEqual([
      { type: 'range.refine', attribute: 'price', range: { min: 30_000, max: 70_000 } },
    ]);
  });

  it('reset clears a refinement (emitted as null) and does nothing without one', () => {
    const { actor, emitted, controlled, send } = start({
      attribute: 'price',
      stats: priceStats,
      value: { min: 30_000 },
    });
    send({ type: 'slider.reset' });
    expect(emitted).toEqual([{ type: 'range.refine', attribute: 'price', range: null }]);
    send({ type: 'slider.reset' });
    expect(emitted).toHaveLength(1);
    expect(selectThumbs(actor.getSnapshot(), controlled)).toEqual([1000, 99_000]);
  });

  it('doc 2 §5, §9: the price-range screen runs 5000–250000 in steps of 500, min and max at least 1 apart', () => {
    const { actor, move, controlled } = start({
      attribute: 'price',
      stats: priceStats,
      value: null,
      variant: 'priceRange',
    });
    expect(selectConfig(actor.getSnapshot(), controlled)).toMatchObject({
      bounds: { min: 5000, max: 250_000 },
      step: 500,
    });
    expect(selectValueText(actor.getSnapshot(), controlled)).toBe('$5,000 - $250,000');
    move([10_200, 10_300]);
    expect(controlled.value).toEqual({ min: 10_000, max: 10_500 });
    move([20_000, 20_000]);
    const range = controlled.value;
    expect((range?.max ?? 0) - (range?.min ?? 0)).toBeGreaterThanOrEqual(1);
  });

  it('its persisted snapshot is plain data', () => {
    const { actor, move } = start({ attribute: 'price', stats: priceStats, value: null });
    move([20_000, 80_000]);
    const persisted = actor.getPersistedSnapshot();
    expect(JSON.parse(JSON.stringify(persisted))).toEqual(persisted);
  });
});

describe('range slider positions (the widget works in steps)', () => {
  const config = searchSliderConfig('price', { min: 1000, max: 250_000 });

  it('§5: a hundredth of the range per step: 100 positions, 490 on the price-range screen', () => {
    expect(sliderPositions(config)).toBe(100);
    expect(sliderPositions(PRICE_RANGE_SCREEN)).toBe(490);
  });

  it('an untouched thumb keeps its exact value; the ends are the bounds', () => {
    const current = [20_000, 250_000];
    const positions = current.map((value) => positionOf(config, value));
    expect(positions).toEqual([8, 100]);
    expect(valuesAt(config, [positions[0] ?? 0, 60], current)).toEqual([20_000, 1000 + 60 * 2490]);
    expect(valuesAt(config, [0, 100], [5000, 9000])).toEqual([1000, 250_000]);
  });
});
