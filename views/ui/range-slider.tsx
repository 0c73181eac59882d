import { useActorRef } from '@xstate/react';
import type { RangeStats } from '../../domain/range-slider.ts';
import type { NumericRange } from '../../domain/search-state.ts';
import {
  type RangeSliderActorRef,
  type RangeSliderInput,
  rangeSliderMachine,
} from '../../machines/range-slider/range-slider.machine.ts';
import { inspectOption } from '../app/inspector.ts';
import { useEmitted } from '../app/use-emitted.ts';
import { RangeSliderControl } from './range-slider-control.tsx';

/** What the search page gives a range slider. */
export interface RangeSliderProps {
  /** The numeric attribute: `price`, `km`, `year` (or `subscription_price`). */
  attribute: string;
  /** The visible label, e.g. `Price`. */
  label: string;
  /** The attribute's `facets_stats` in the current result; `null` gives 0–100,000 (spec §5). */
  stats: RangeStats | null;
  /** The attribute's refinement in the search state (`null`: none). */
  value: NumericRange | null;
  /** Called with the new refinement (`null`: cleared) when a move ends and changes it. */
  onRefine: (range: NumericRange | null) => void;
}

/**
 * A range slider actor owned by the calling component: `range.refine` goes to `onRefine`, a refused
 * value is logged with the spec's message (doc 1 §8: logged only, a warning — never an error). The
 * stats and the refinement stay the caller's props, given to `RangeSliderControl` (issue 32 item 5).
 */
export function useRangeSlider(
  input: RangeSliderInput,
  onRefine: (range: NumericRange | null) => void,
): RangeSliderActorRef {
  const actorRef = useActorRef(rangeSliderMachine, { input, inspect: inspectOption() });
  useEmitted(actorRef, {
    'range.refine': (event) => onRefine(event.range),
    'range.refused': (event) => console.warn(event.message),
  });
  return actorRef;
}

/**
 * The range slider for price, km or year on the search page (spec doc 1 §2, §5): two thumbs
 * between the result's bounds, the values shown as `$20,000 – $80,000` or `45,000 km`, and the
 * refinement handed to `onRefine` when a drag or key press ends.
 */
export function RangeSlider({ attribute, label, stats, value, onRefine }: RangeSliderProps) {
  const actorRef = useRangeSlider({ attribute, variant: 'search' }, onRefine);
  return (
    <RangeSliderControl actorRef={actorRef} attribute={attribute} label={label} stats={stats} value={value} />
  );
}
