import { defineCatalogEntry } from '../catalog.types.ts';
import { rangeSliderMachine } from './range-slider.machine.ts';

/** The stats and refinement the page controls: unrefined, and refined from 30,000. */
const unrefined = { stats: { min: 1000, max: 99_000 }, value: null };
const refined = { stats: { min: 1000, max: 99_000 }, value: { min: 30_000 } };

/**
 * The range slider's path tests. Stats 1,000–99,000 for `price`; the drags land inside the bounds
 * (a change), on both bounds (no change while unrefined), and below or above them (refused), so
 * every commit branch is taken; a drag or commit under another refinement than the move began with
 * (an outside change mid-move) and a reset with and without a refinement cover the rest.
 */
export const rangeSliderCatalogEntry = defineCatalogEntry(rangeSliderMachine, {
  summary:
    'Range slider (price, km, year): a move refines (rounded, clamped, never crossing), is refused and logged, or changes nothing; reset',
  promiseInvokes: {},
  input: { attribute: 'price' },
  events: [
    { type: 'slider.drag', values: [20_400, 80_600], ...unrefined },
    { type: 'slider.drag', values: [1000, 99_000], ...unrefined },
    { type: 'slider.drag', values: [500, 50_000], ...unrefined },
    { type: 'slider.drag', values: [1000, 99_500], ...unrefined },
    { type: 'slider.drag', values: [20_400, 80_600], ...refined },
    { type: 'slider.commit', ...unrefined },
    { type: 'slider.commit', ...refined },
    { type: 'slider.reset', ...unrefined },
    { type: 'slider.reset', ...refined },
  ],
  // Every state accepts reset events and each drag moves the live thumbs, so the graph is nearly
  // complete and its simple paths grow exponentially; the shortest paths already take every transition.
  simplePaths: false,
  notThroughUi: {
    'dragging slider.commit [isRefused]':
      "a thumb moves only between the slider's bounds, so the page never commits a value the §5 rules refuse; the path tests take it",
    'dragging slider.drag [isStale]':
      'the stats or the refinement change during a move only when a result or an outside change lands mid-drag, a race the page tests cannot time; the path tests take it',
    'dragging slider.commit [isStale]':
      'the stats or the refinement change during a move only when a result or an outside change lands mid-drag, a race the page tests cannot time; the path tests take it',
  },
});
