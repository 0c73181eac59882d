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

/**
 * The events a page machine's catalog offers for its gate child (`id: 'gate'`): its three ends —
 * allowed, to sign-in at `signInUrl`, the session not read (the page's retry) — and an error the
 * child never throws, which the page's `notThroughUi` names.
 */
export function gateChildEnds(signInUrl: string) {
  return [
    { type: 'xstate.done.actor.gate', output: { allowed: true, signInUrl: null, error: null } },
    { type: 'xstate.done.actor.gate', output: { allowed: false, signInUrl, error: null } },
    { type: 'xstate.done.actor.gate', output: { allowed: false, signInUrl: null, error: 'Network error' } },
    { type: 'xstate.error.actor.gate', error: new Error('Network error') },
  ] as const;
}
