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
  /** `search` unless given. */
  variant?: RangeSliderVariant;
}

/**
 * What the slider's owner controls (issue 32 item 5: props, never mirrored into the actor): the
 * attribute's `facets_stats` from the current result (`null`: none) and its refinement (`null`: none).
 * The view passes them in the events that need them and to the selectors.
 */
export interface RangeSliderControlled {
  stats: RangeStats | null;
  value: NumericRange | null;
}

/**
 * The slider's context: what it is, and what it owns — the live thumbs of a move and the controlled
 * values that move began from (a move whose stats or refinement changed meanwhile is dropped).
 */
export interface RangeSliderContext {
  attribute: string;
  variant: RangeSliderVariant;
  /** The thumbs while dragging. */
  thumbs: [number, number];
  /** The controlled values when the move began. */
  basis: RangeSliderControlled;
}

/** Events a range slider accepts; each carries the controlled values it is sent under. */
export type RangeSliderEvent =
  /**
   * The thumbs moved (pointer or keyboard): live values, not yet a refinement. The thumb that moved
   * stops at the other one, so they never cross on screen.
   */
  | ({ type: 'slider.drag'; values: readonly number[] } & RangeSliderControlled)
  /** The move ended: the live values become the refinement, by the §5 rules. */
  | ({ type: 'slider.commit' } & RangeSliderControlled)
  /** Drops the refinement (nothing happens when there is none). */
  | ({ type: 'slider.reset' } & RangeSliderControlled);

/** What a range slider tells the view layer. */
export type RangeSliderEmitted =
  /** Refine the attribute to `range` (`null`: no refinement). */
  | { type: 'range.refine'; attribute: string; range: NumericRange | null }
  /** §8: a value was refused; log `message` only. */
  | { type: 'range.refused'; attribute: string; message: string };

/** The slider's bounds, step and rounding for its variant and the current stats. */
export function configFor(
  variant: RangeSliderVariant,
  attribute: string,
  stats: RangeStats | null,
): SliderConfig {
  return variant === 'priceRange' ? PRICE_RANGE_SCREEN : searchSliderConfig(attribute, stats);
}

type Ends = { readonly min?: number | null; readonly max?: number | null } | null | undefined;

const sameRange = (a: Ends, b: Ends): boolean => a?.min === b?.min && a?.max === b?.max;

/** Whether two sets of controlled values are the same (stats and refinement, end by end). */
export const sameControlled = (a: RangeSliderControlled, b: RangeSliderControlled): boolean =>
  sameRange(a.stats, b.stats) && sameRange(a.value, b.value);

const controlledOf = ({ stats, value }: RangeSliderControlled): RangeSliderControlled => ({ stats, value });

function refinementOf(context: RangeSliderContext): RangeRefinement {
  const [min, max] = context.thumbs;
  const { stats, value } = context.basis;
  return refineRange(configFor(context.variant, context.attribute, stats), value, { min, max });
}

function toThumbs(values: readonly number[], fallback: [number, number]): [number, number] {
  return [values[0] ?? fallback[0], values[1] ?? fallback[1]];
}

/**
 * A range slider (spec doc 1 §5 "Range slider", §8): `idle ⇄ dragging`. The stats and the refinement
 * are its owner's (`RangeSliderControlled`); it owns the move. A commit refines the range through
 * `domain/range-slider.ts` — values outside the bounds are refused (emitted, logged by the view,
 * never an error), others rounded, clamped and kept from crossing — and emits `range.refine` only
 * when the refinement changes. A move whose stats or refinement changed meanwhile is dropped, as new
 * stats or an outside change end a move.
 */
export const rangeSliderMachine = setup({
  types: {} as {
    context: RangeSliderContext;
    events: RangeSliderEvent;
    input: RangeSliderInput;
    emitted: RangeSliderEmitted;
  },
  guards: {
    isStale: ({ context }, controlled: RangeSliderControlled) => !sameControlled(context.basis, controlled),
    isRefused: ({ context }) => !refinementOf(context).ok,
    isUnchanged: ({ context }) => {
      const result = refinementOf(context);
      return result.ok && sameRange(result.range, context.basis.value);
    },
    hasRange: (_, value: NumericRange | null) => value !== null,
  },
  actions: {
    startMove: assign(({ context }, event: RangeSliderControlled & { values: readonly number[] }) => {
      const config = configFor(context.variant, context.attribute, event.stats);
      const from = sliderThumbs(config, event.value);
      return { basis: controlledOf(event), thumbs: moveThumbs(config, from, toThumbs(event.values, from)) };
    }),
    assignThumbs: assign({
      thumbs: ({ context }, values: readonly number[]) =>
        moveThumbs(
          configFor(context.variant, context.attribute, context.basis.stats),
          context.thumbs,
          toThumbs(values, context.thumbs),
        ),
    }),
    emitRefine: emit(({ context }) => {
      const result = refinementOf(context);
      return {
        type: 'range.refine' as const,
        attribute: context.attribute,
        range: result.ok ? result.range : context.basis.value,
      };
    }),
    emitReset: emit(({ context }) => ({
      type: 'range.refine' as const,
      attribute: context.attribute,
      range: null,
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
  context: ({ input }) => ({
    attribute: input.attribute,
    variant: input.variant ?? 'search',
    thumbs: [0, 0],
    basis: { stats: null, value: null },
  }),
  initial: 'idle',
  on: {
    'slider.reset': {
      guard: { type: 'hasRange', params: ({ event }) => event.value },
      target: '.idle',
      actions: 'emitReset',
    },
  },
  states: {
    idle: {
      on: {
        'slider.drag': { target: 'dragging', actions: { type: 'startMove', params: ({ event }) => event } },
      },
    },
    dragging: {
      tags: ['dragging'],
      on: {
        'slider.drag': [
          {
            guard: { type: 'isStale', params: ({ event }) => event },
            actions: { type: 'startMove', params: ({ event }) => event },
          },
          { actions: { type: 'assignThumbs', params: ({ event }) => event.values } },
        ],
        'slider.commit': [
          { guard: { type: 'isStale', params: ({ event }) => event }, target: 'idle' },
          { guard: 'isRefused', target: 'idle', actions: 'emitRefused' },
          { guard: 'isUnchanged', target: 'idle' },
          { target: 'idle', actions: 'emitRefine' },
        ],
      },
    },
  },
});

/** A running range slider. */
export type RangeSliderActorRef = ActorRefFrom<typeof rangeSliderMachine>;
