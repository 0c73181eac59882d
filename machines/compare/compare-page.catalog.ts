import { defineCatalogEntry } from '../catalog.types.ts';
import { comparePageMachine } from './compare-page.machine.ts';

/** The comparison page's path tests: the cars load (one no longer offered), or loading fails and `retry` loads again. */
export const comparePageCatalogEntry = defineCatalogEntry(comparePageMachine, {
  summary: 'Compare page: loads the cars its address names; loading → ready | failed, retry from failed',
  input: { slugs: ['2022-mazda-cx-5-1', 'sold-car'] },
  promiseInvokes: { loadComparison: 'loadComparison' },
  events: [
    {
      type: 'xstate.done.actor.loadComparison',
      output: {
        cars: [{ slug: 'sold-car', car: null }],
        as_of: '2026-11-26T00:00:00.000Z',
        origin: 'https://www.example.com.au',
      },
    },
    { type: 'xstate.error.actor.loadComparison', error: new Error('Network error') },
  ],
});
