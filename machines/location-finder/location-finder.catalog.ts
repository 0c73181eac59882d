import { defineCatalogEntry } from '../catalog.types.ts';
import { locationFinderMachine } from './location-finder.machine.ts';

/** Nearest to me: a postcode found, unknown, failed; cleared; a postcode that is not four digits. */
export const locationFinderCatalogEntry = defineCatalogEntry(locationFinderMachine, {
  summary:
    'Location finder: filter by type; nearest to me: idle → searching → found (nearest first, km) | idle with the message (not four digits, unknown, failed); clear',
  input: { now: '2026-11-26T00:00:00.000Z' },
  promiseInvokes: { findNearest: 'findNearest' },
  events: [
    { type: 'nearest.find', postcode: '4000' },
    // Not four digits: the guard refuses it with the forms' 4-digit text.
    { type: 'nearest.find', postcode: '40a' },
    { type: 'locations.filter', filter: 'service' },
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
    filter: context.filter,
  }),
  simplePaths: false,
});
