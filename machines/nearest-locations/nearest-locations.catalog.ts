import { defineCatalogEntry } from '../catalog.types.ts';
import { nearestLocationsMachine } from './nearest-locations.machine.ts';

/** Nearest to me: a postcode found, unknown, failed; cleared; a postcode the view refuses. */
export const nearestLocationsCatalogEntry = defineCatalogEntry(nearestLocationsMachine, {
  summary: 'Nearest to me: idle → searching → found (nearest first, with km) | idle with the message; clear',
  promiseInvokes: { findNearest: 'findNearest' },
  events: [
    { type: 'nearest.find', postcode: '4000' },
    { type: 'nearest.invalid', error: 'Invalid postcode. Please enter a 4-digit number.' },
    {
      type: 'xstate.done.actor.findNearest',
      output: { postcode: '4000', locations: [{ slug: 'bayside-mazda-sales', km: 12.6 }] },
    },
    {
      type: 'xstate.error.actor.findNearest',
      error: Object.assign(new Error('Invalid postcode. Please enter a 4-digit number.'), {
        details: { status: 422, code: 'unknown_postcode' },
      }),
    },
  ],
  serializeState: ({ value, context }) => ({
    value,
    found: context.found !== null,
    error: context.error !== null,
  }),
  simplePaths: false,
});
