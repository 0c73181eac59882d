import { defineCatalogEntry } from '../catalog.types.ts';
import type { MakeOption, MakePickerFacets } from './make-picker.machine.ts';
import { makePickerMachine } from './make-picker.machine.ts';

const make = (name: string, count: number, logo = true): MakeOption => ({
  name,
  slug: name.toLowerCase(),
  count,
  logoUrl: logo ? `/media/makes/${name.toLowerCase()}.svg` : null,
});

const facets: MakePickerFacets = {
  makes: [make('Toyota', 12), make('Mazda', 8), make('Ford', 3, false)],
  modelsByMake: {
    Toyota: [
      { name: 'Corolla', count: 7, value: 'Toyota Corolla' },
      { name: 'HiLux', count: 5, value: 'Toyota HiLux' },
    ],
    Mazda: [{ name: 'CX-5', count: 8, value: 'Mazda CX-5' }],
  },
};

/** Only as many makes as are popular (no 'Show all makes'), and Ford gone (its open models show closed). */
const fewMakes: MakePickerFacets = { makes: facets.makes.slice(0, 2), modelsByMake: facets.modelsByMake };

/**
 * The make picker's path tests with 2 popular makes of 3 (so the toggle shows), and a result with
 * only 2 makes (so it does not); a listed and an unlisted make or model for each guard. The facets
 * are the page's: each event that needs them carries them.
 */
export const makePickerCatalogEntry = defineCatalogEntry(makePickerMachine, {
  summary:
    "Make picker: 'Show all makes' / 'Hide extra makes', one make's 'Select models' open at a time; a chosen make or model is emitted",
  promiseInvokes: {},
  input: { popularCount: 2 },
  events: [
    { type: 'makes.toggle', facets },
    { type: 'makes.toggle', facets: fewMakes },
    { type: 'make.expand', make: 'Toyota', facets },
    { type: 'make.expand', make: 'Ford', facets },
    { type: 'make.expand', make: 'Ford', facets: fewMakes },
    { type: 'make.collapse', make: 'Toyota' },
    { type: 'make.collapse', make: 'Mazda' },
    { type: 'make.choose', make: 'Mazda', facets },
    { type: 'make.choose', make: 'Kia', facets },
    { type: 'model.choose', make: 'Toyota', model: 'HiLux', facets },
    { type: 'model.choose', make: 'Toyota', model: 'CX-5', facets },
  ],
  // Every state accepts every event, so simple paths grow exponentially; the shortest paths already
  // take every transition.
  simplePaths: false,
});
