import { defineCatalogEntry } from '../catalog.types.ts';
import { contentPageMachine } from './content-page.machine.ts';

/** A content page's path tests: built from the settings, written and loaded, missing, failed and retried. */
export const contentPageCatalogEntry = defineCatalogEntry(contentPageMachine, {
  summary:
    'Content page: loading → ready (built-in, the dealer’s Markdown or a page from the store) | notFound | failed (retry)',
  input: { ref: { kind: 'written', path: '/about-us' } },
  promiseInvokes: { loadPage: 'loadPage' },
  events: [
    {
      type: 'xstate.done.actor.loadPage',
      output: {
        kind: 'markdown',
        path: '/about-us',
        title: 'About us',
        description: 'Who we are.',
        tokens: [{ type: 'paragraph', tokens: [{ type: 'text', text: 'Hello' }] }],
      },
    },
    // A page built from the site's settings loads nothing.
    { type: 'xstate.done.actor.loadPage', output: null },
    {
      type: 'xstate.error.actor.loadPage',
      error: Object.assign(new Error('This dealer has no such page'), { details: { status: 404 } }),
    },
    { type: 'xstate.error.actor.loadPage', error: new Error('Network error') },
    { type: 'retry' },
  ],
  serializeState: ({ value, context }) => ({ value, page: context.data !== null }),
});
