import { defineCatalogEntry } from '../catalog.types.ts';
import { unsubscribeMachine } from './unsubscribe.machine.ts';

/** The unsubscribe page's path tests: confirm → done | failed (and confirm again). */
export const unsubscribeCatalogEntry = defineCatalogEntry(unsubscribeMachine, {
  summary: 'Unsubscribe page: confirming → unsubscribing → done | failed (confirm again)',
  input: { token: '42.1900000000.signature' },
  promiseInvokes: { unsubscribe: 'unsubscribe' },
  events: [
    { type: 'confirm' },
    { type: 'xstate.done.actor.unsubscribe', output: ['Used · Mazda · under $30,000'] },
    { type: 'xstate.error.actor.unsubscribe', error: new Error('This link has expired') },
  ],
});
