import { defineCatalogEntry } from '../catalog.types.ts';
import { gatedRouteMachine } from './gated-route.machine.ts';

/** The gate's path tests, on a personalised-flow site's finance route: allowed, redirected, or failed. */
export const gatedRouteCatalogEntry = defineCatalogEntry(gatedRouteMachine, {
  summary:
    'Gated route (a page machine’s child): checking → allowed (signed in) | redirecting (anonymous, to sign-in) | failed (the page retries)',
  input: { path: '/finance', search: 'car_id=501', personalisedFlow: true },
  promiseInvokes: { loadSession: 'loadSession' },
  events: [
    {
      type: 'xstate.done.actor.loadSession',
      output: { id: 1, email: 'sam@example.com', phone_number: null },
    },
    { type: 'xstate.done.actor.loadSession', output: null },
    { type: 'xstate.error.actor.loadSession', error: new Error('Network error') },
  ],
});
