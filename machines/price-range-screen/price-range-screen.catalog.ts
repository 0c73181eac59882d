import { defineCatalogEntry } from '../catalog.types.ts';
import { priceRangeScreenMachine } from './price-range-screen.machine.ts';

/** A make chosen and cleared, a price range chosen and cleared. */
export const priceRangeScreenCatalogEntry = defineCatalogEntry(priceRangeScreenMachine, {
  summary: 'Price-range screen: choosing — a make and a price range, read by its search links',
  promiseInvokes: {},
  events: [
    { type: 'make.select', make: 'Mazda' },
    { type: 'make.select', make: null },
    { type: 'price.refine', range: { min: 20_000, max: 60_000 } },
    { type: 'price.refine', range: null },
  ],
  serializeState: ({ value, context }) => ({ value, make: context.make, range: context.range }),
  simplePaths: false,
});
