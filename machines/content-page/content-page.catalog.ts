import { defineCatalogEntry } from '../catalog.types.ts';
import { contentPageMachine } from './content-page.machine.ts';

/** A content page's path tests: built from the settings, written and loaded, missing, failed and retried. */
export const contentPageCatalogEntry = defineCatalogEntry(contentPageMachine, {
  summary: 'Content page: loading → ready (built-in or the dealer’s Markdown) | notFound | failed (retry)',
  input: { ref: { kind: 'written', path: '/about-us' }, now: '2026-11-26T00:00:00.000Z' },
  promiseInvokes: { loadPage: 'loadPage' },
  events: [
    {
      type: 'xstate.done.actor.loadPage',
      output: { path: '/about-us', title: 'About us', description: 'Who we are.', html: '<p>Hello</p>' },
    },
    { type: 'xstate.done.actor.loadPage', output: null },
    {
      type: 'xstate.error.actor.loadPage',
      error: Object.assign(new Error('This dealer has no such page'), { details: { status: 404 } }),
    },
    { type: 'xstate.error.actor.loadPage', error: new Error('Network error') },
    { type: 'retry' },
  ],
  serializeState: ({ value, context }) => ({ value, page: context.page !== null }),
  provide: {
    // A built-in page loads nothing (null): the fixture's null stands for the locations page.
    guards: { isLocations: ({ context }) => context.page === null },
  },
});
