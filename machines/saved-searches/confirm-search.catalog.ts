import { defineCatalogEntry } from '../catalog.types.ts';
import { confirmSearchMachine } from './confirm-search.machine.ts';

/** The confirmation page's path tests (issue 37 item 9): confirm → confirmed | failed (and confirm again). */
export const confirmSearchCatalogEntry = defineCatalogEntry(confirmSearchMachine, {
  summary: 'Confirm saved search page: waiting → confirming → confirmed | failed (confirm again)',
  input: { token: 'Zm9yZWNvdXJ0LWNvbmZpcm0tdG9rZW4tZm9yLXRlc3Rz' },
  promiseInvokes: { confirmSearch: 'confirmSearch' },
  events: [
    { type: 'confirm' },
    {
      type: 'xstate.done.actor.confirmSearch',
      output: { name: 'Used · Mazda · under $30,000', href: '/search/used-cars' },
    },
    { type: 'xstate.error.actor.confirmSearch', error: new Error('This link has expired') },
  ],
});
