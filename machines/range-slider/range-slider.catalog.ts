import { defineCatalogEntry } from '../catalog.types.ts';
import { rangeSliderMachine } from './range-slider.machine.ts';

/**
 * The range slider's path tests. Stats 1,000–99,000 for `price`; the drags land inside the bounds
 * (a change), on both bounds (no change while unrefined), and below or above them (refused), so
 * every commit branch is taken; new stats, an outside refinement and a reset cover the rest.
 */
export const rangeSliderCatalogEntry = defineCatalogEntry(rangeSliderMachine, {
  summary:
    'Range slider (price, km, year): drag → commit refines (rounded, clamped, never crossing) | is refused and logged | changes nothing; reset; new stats',
  promiseInvokes: {},
  input: { attribute: 'price', stats: { min: 1000, max: 99_000 }, value: null },
  events: [
    { type: 'slider.drag', values: [20_400, 80_600] },
    { type: 'slider.drag', values: [1000, 99_000] },
    { type: 'slider.drag', values: [500, 50_000] },
    { type: 'slider.drag', values: [1000, 99_500] },
    { type: 'stats.update', stats: { min: 5000, max: 60_000 } },
    { type: 'stats.update', stats: null },
    { type: 'refinement.update', range: { min: 30_000 } },
    { type: 'refinement.update', range: null },
  ],
  // Every state accepts stats, refinement and reset events, so the graph is nearly complete and its
  // simple paths grow exponentially; the shortest paths already take every transition.
  simplePaths: false,
  notThroughUi: {
    'dragging slider.commit [isRefused]':
      "a thumb moves only between the slider's bounds, so the page never commits a value the §5 rules refuse; the path tests take it",
  },
});
