import { defineCatalogEntry } from '../catalog.types.ts';
import { successPageMachine } from './success-page.machine.ts';

/** The success page's path tests: what was sent is read, or nothing is stored. */
export const successPageCatalogEntry = defineCatalogEntry(successPageMachine, {
  summary: 'Success page (page loader): loading → ready (the sent category and car, or none)',
  promiseInvokes: { load: 'load' },
  events: [
    {
      type: 'xstate.done.actor.load',
      output: { category: 'Vehicle Enquiry', carName: '2022 Mazda CX-5 Maxx', carId: 501 },
    },
    { type: 'xstate.done.actor.load', output: null },
    { type: 'xstate.error.actor.load', error: new Error('unreadable') },
  ],
  notThroughUi: {
    'loading xstate.error.actor.load':
      'reading what was sent never fails: an unreadable or blocked storage reads as nothing stored (services/leads/lead-success.storage.ts)',
    'failed retry':
      'failed is never entered in a browser (see the load error above), so the page offers no retry',
  },
});
