import { type ActorRefFrom, assign, emit, setup } from 'xstate';
import {
  moveThumbs,
  PRICE_RANGE_SCREEN,
  type RangeRefinement,
  type RangeStats,
  refineRange,
  type SliderConfig,
  searchSliderConfig,
  sliderThumbs,
} from '../../domain/range-slider.ts';
import type { NumericRange } from '../../domain/search-state.ts';

/**
 * Which slider: a search facet's (bounds from its stats, spec doc 1 §5) or the price-range screen's
 * (5000–250000 in steps of 500, thumbs at least one step apart; doc 2 §5, §9).
 */
export type RangeSliderVariant = 'search' | 'priceRange';

/** What a range slider starts from. */
export interface RangeSliderInput {
  /** The numeric attribute it refines (`price`, `km`, `year`…). */
  attribute: string;
  /** The attribute's `facets_stats` from the current result, or `null` when there are none. */
  stats: RangeStats | null;
  /** The current refinement of the attribute (`null`: none). */
  value: NumericRange | null;
  /** `search` unless given. */
  variant?: RangeSliderVariant;
}

/** The slider's context: its rules, the committed refinement and the thumbs as they are shown. */
export interface RangeSliderContext {
  attribute: string;
  variant: RangeSliderVariant;
  config: SliderConfig;
  /** The committed refinement. */
  range: NumericRange | null;
  /** The thumbs now: live values while dragging, else the committed range on its bounds. */
  thumbs: [number, number];
}

/** Events a range slider accepts. */
export type RangeSliderEvent =
  /**
   * The thumbs moved (pointer or keyboard): live values, not yet a refinement. The thumb that moved
   * stops at the other one, so they never cross on screen.
   */
  | { type: 'slider.drag'; values: readonly number[] }
  /** The move ended: the live values become the refinement, by the §5 rules. */
  | { type: 'slider.commit' }
  /** Drops the refinement (nothing happens when there is none). */
  | { type: 'slider.reset' }
  /** A new result brought new bounds for the attribute. */
  | { type: 'stats.update'; stats: RangeStats | null }
  /** The refinement changed elsewhere (URL, clear all): show it. */
  | { type: 'refinement.update'; range: NumericRange | null };

/** What a range slider tells the view layer. */
export type RangeSliderEmitted =
  /** Refine the attribute to `range` (`null`: no refinement). */
  | { type: 'range.refine'; attribute: string; range: NumericRange | null }
  /** §8: a value was refused; log `message` only. */
  | { type: 'range.refused'; attribute: string; message: string };

function configFor(variant: RangeSliderVariant, attribute: string, stats: RangeStats | null): SliderConfig {
  return variant === 'priceRange' ? PRICE_RANGE_SCREEN : searchSliderConfig(attribute, stats);
}

function refinementOf(context: RangeSliderContext): RangeRefinement {
  const [min, max] = context.thumbs;
  return refineRange(context.config, context.range, { min, max });
}

function sameRange(a: NumericRange | null, b: NumericRange | null): boolean {
  return a?.min === b?.min && a?.max === b?.max;
}

function toThumbs(values: readonly number[], fallback: [number, number]): [number, number] {
  return [values[0] ?? fallback[0], values[1] ?? fallback[1]];
}

/**
 * A range slider (spec doc 1 §5 "Range slider", §8): `idle ⇄ dragging`. A commit refines the range
 * through `domain/range-slider.ts` — values outside the bounds are refused (emitted, logged by the
 * view, never an error), others rounded, clamped and kept from crossing — and emits `range.refine`
 * only when the refinement changes.
 */
export const rangeSliderMachine = setup({
  types: {} as {
    context: RangeSliderContext;
    events: RangeSliderEvent;
    input: RangeSliderInput;
    emitted: RangeSliderEmitted;
  },
  guards: {
    isRefused: ({ context }) => !refinementOf(context).ok,
    isUnchanged: ({ context }) => {
      const result = refinementOf(context);
      return result.ok && sameRange(result.range, context.range);
    },
    hasRange: ({ context }) => context.range !== null,
  },
  actions: {
    assignThumbs: assign({
      thumbs: ({ context }, values: readonly number[]) =>
        moveThumbs(context.config, context.thumbs, toThumbs(values, context.thumbs)),
    }),
    restoreThumbs: assign({ thumbs: ({ context }) => sliderThumbs(context.config, context.range) }),
    assignRefinement: assign(({ context }) => {
      const result = refinementOf(context);
      const range = result.ok ? result.range : context.range;
      return { range, thumbs: sliderThumbs(context.config, range) };
    }),
    assignRange: assign((_, range: NumericRange | null) => ({ range })),
    assignStats: assign(({ context }, stats: RangeStats | null) => ({
      config: configFor(context.variant, context.attribute, stats),
    })),
    emitRefine: emit(({ context }) => ({
      type: 'range.refine' as const,
      attribute: context.attribute,
      range: context.range,
    })),
    emitRefused: emit(({ context }) => {
      const result = refinementOf(context);
      return {
        type: 'range.refused' as const,
        attribute: context.attribute,
        message: result.ok ? '' : result.message,
      };
    }),
  },
}).createMachine({
  id: 'rangeSlider',
  context: ({ input }) => {
    const variant = input.variant ?? 'search';
    const config = configFor(variant, input.attribute, input.stats);
    return {
      attribute: input.attribute,
      variant,
      config,
      range: input.value,
      thumbs: sliderThumbs(config, input.value),
    };
  },
  initial: 'idle',
  on: {
    'stats.update': {
      target: '.idle',
      actions: [{ type: 'assignStats', params: ({ event }) => event.stats }, 'restoreThumbs'],
    },
    'refinement.update': {
      target: '.idle',
      actions: [{ type: 'assignRange', params: ({ event }) => event.range }, 'restoreThumbs'],
    },
    'slider.reset': {
      guard: 'hasRange',
      target: '.idle',
      actions: [{ type: 'assignRange', params: null }, 'restoreThumbs', 'emitRefine'],
    },
  },
  states: {
    idle: {
      on: {
        'slider.drag': {
          target: 'dragging',
          actions: { type: 'assignThumbs', params: ({ event }) => event.values },
        },
      },
    },
    dragging: {
      tags: ['dragging'],
      on: {
        'slider.drag': { actions: { type: 'assignThumbs', params: ({ event }) => event.values } },
        'slider.commit': [
          { guard: 'isRefused', target: 'idle', actions: ['emitRefused', 'restoreThumbs'] },
          { guard: 'isUnchanged', target: 'idle', actions: 'restoreThumbs' },
          { target: 'idle', actions: ['assignRefinement', 'emitRefine'] },
        ],
      },
    },
  },
});

/** A running range slider. */
export type RangeSliderActorRef = ActorRefFrom<typeof rangeSliderMachine>;
