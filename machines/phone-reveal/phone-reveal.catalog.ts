import { defineCatalogEntry } from '../catalog.types.ts';
import { phoneRevealMachine } from './phone-reveal.machine.ts';

/** The phone reveal's path tests: reveal and track, reveal with a failed tracking call, no number. */
export const phoneRevealCatalogEntry = defineCatalogEntry(phoneRevealMachine, {
  summary:
    'Phone reveal: masked → revealed (tracking → tracked | trackingFailed, logged only); no number → warning only',
  input: { tracking: { car_id: 501, dealership_id: 11, website_id: 101 } },
  promiseInvokes: { trackReveal: 'trackReveal' },
  events: [
    { type: 'phone.reveal', phone: '02 5550 1000' },
    { type: 'phone.reveal', phone: null },
    { type: 'xstate.done.actor.trackReveal', output: { id: 1 } },
    { type: 'xstate.error.actor.trackReveal', error: new Error('Network error') },
  ],
  provide: { actions: { logWarning: () => {} } },
  notThroughUi: {
    'masked phone.reveal [otherwise]':
      'every demo dealer and location has a phone number, so the reveal button always carries one',
  },
});
