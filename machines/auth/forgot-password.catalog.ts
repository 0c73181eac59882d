import { defineCatalogEntry } from '../catalog.types.ts';
import { forgotPasswordMachine } from './forgot-password.machine.ts';

/** The forgot-password page's path tests: a bad email stays, a good one is sent (or fails and stays). */
export const forgotPasswordCatalogEntry = defineCatalogEntry(forgotPasswordMachine, {
  summary: 'Forgot-password page: editing → sending → sent | editing (failure)',
  input: { type: 'watchlist', redirect: '/cars/2022-mazda-cx-5-touring-501', back: '/search' },
  promiseInvokes: { requestReset: 'requestReset' },
  events: [
    { type: 'email.submit', email: 'sam@example.com' },
    { type: 'email.submit', email: 'not-an-email' },
    { type: 'xstate.done.actor.requestReset', output: { email: 'sam@example.com' } },
    { type: 'xstate.error.actor.requestReset', error: new Error('Network error') },
  ],
  serializeState: ({ value, context }) => ({
    value,
    sentTo: context.sentTo,
    error: context.error !== null,
    fieldError: context.fieldError !== null,
  }),
});
