import { defineCatalogEntry } from '../catalog.types.ts';
import { carouselMachine } from './carousel.machine.ts';

/** Four cards, one in view at first: arrows to each end, swipes, and a wider track that fits all. */
export const carouselCatalogEntry = defineCatalogEntry(carouselMachine, {
  summary:
    'Carousel: placing → atStart | between | atEnd | allShown; arrows move one card, swipes and widths re-place',
  input: { count: 4, shown: 1 },
  promiseInvokes: {},
  events: [
    { type: 'carousel.next' },
    { type: 'carousel.previous' },
    { type: 'carousel.scrolled', index: 3 },
    { type: 'carousel.scrolled', index: 0 },
    { type: 'carousel.measured', shown: 4 },
    { type: 'carousel.measured', shown: 2 },
  ],
  serializeState: ({ value, context }) => ({
    value,
    index: context.index,
    shown: context.shown,
    moved: context.moved,
  }),
  simplePaths: false,
});
