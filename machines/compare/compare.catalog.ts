import type { CompareCar } from '../../domain/compare.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { compareMachine } from './compare.machine.ts';

const car = (n: number): CompareCar => ({
  id: n,
  slug: `2022-mazda-cx-5-${n}`,
  name: `2022 Mazda CX-5 #${n}`,
  primary_image_url: null,
});

/**
 * The compare tray's path tests: read from storage (or not), then cars added up to the limit (three
 * on a phone, four wider), one more refused with a message, one removed, the tray cleared, and another
 * tab's tray.
 */
export const compareCatalogEntry = defineCatalogEntry(compareMachine, {
  summary: 'Compare tray: loading → ready (empty | holding | full); add, remove, refuse when full, clear',
  promiseInvokes: { readTray: 'readTray' },
  events: [
    { type: 'xstate.done.actor.readTray', output: [] },
    { type: 'xstate.error.actor.readTray', error: new Error('no storage') },
    { type: 'compare.limit', limit: 3 },
    { type: 'compare.add', car: car(1) },
    { type: 'compare.add', car: car(2) },
    { type: 'compare.add', car: car(3) },
    { type: 'compare.add', car: car(4) },
    { type: 'compare.add', car: car(5) },
    { type: 'compare.limit', limit: 4 },
    { type: 'compare.remove', slug: car(2).slug },
    { type: 'compare.clear' },
    { type: 'compare.sync', cars: [car(5), car(6)] },
    { type: 'notice.dismiss' },
  ],
  // Which cars does not change what the tray can do next, only how many: the graph stays small.
  serializeState: ({ value, context }) => ({
    value,
    cars: context.cars.length,
    limit: context.limit,
    notice: context.notice !== null,
  }),
  provide: { actions: { writeTray: () => {} } },
  notThroughUi: {
    'ready compare.add [holds]':
      'a car already in the tray shows its Compare toggle pressed, and a pressed toggle sends compare.remove: the guard only stops a duplicate no page sends',
  },
  // Every ready state takes every event: simple paths grow exponentially, shortest paths take every transition.
  simplePaths: false,
});
