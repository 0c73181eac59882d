import { defineCatalogEntry } from '../catalog.types.ts';
import { successPageMachine } from './success-page.machine.ts';

/** The success page's path tests: what was sent is read, or nothing is stored. */
export const successPageCatalogEntry = defineCatalogEntry(successPageMachine, {
  summary: 'Success page: loading → ready (the sent category and car, or none)',
  promiseInvokes: { load: 'load' },
  events: [
    {
      type: 'xstate.done.actor.load',
      output: { category: 'Vehicle Enquiry', carName: '2022 Mazda CX-5 Maxx', carId: 501 },
    },
    { type: 'xstate.done.actor.load', output: null },
  ],
});
