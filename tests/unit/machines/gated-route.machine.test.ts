import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuthUser } from '../../../domain/contracts/session.ts';
import {
  type GatedRouteInput,
  gatedRouteMachine,
} from '../../../machines/gated-route/gated-route.machine.ts';
import { selectSignInUrl } from '../../../machines/gated-route/gated-route.selectors.ts';

const user: AuthUser = { id: 1, email: 'sam@example.com', phone_number: null };

async function decide(input: GatedRouteInput, session: AuthUser | null) {
  const actor = createActor(
    gatedRouteMachine.provide({ actors: { loadSession: fromPromise(async () => session) } }),
    { input },
  ).start();
  await waitFor(actor, (s) => s.status === 'done');
  return actor.getSnapshot();
}

describe('gated route machine (locations-forms-tradein-site.md §4 Gated routes)', () => {
  it('sends an anonymous visitor of a personalised-flow site to sign-in with type, redirect and back', async () => {
    const snapshot = await decide({ path: '/cars/cx-5/checkout', search: '', personalisedFlow: true }, null);
    expect(selectSignInUrl(snapshot)).toBe(
      '/sign-in?type=checkout&redirect=%2Fcars%2Fcx-5%2Fcheckout&back=%2Fcars%2Fcx-5',
    );
    expect(snapshot.output).toEqual({ allowed: false, signInUrl: selectSignInUrl(snapshot) });
  });

  it.each([
    ['a signed-in visitor', { path: '/finance', search: '', personalisedFlow: true }, user],
    [
      'anyone on a site without the personalised flow',
      { path: '/finance', search: '', personalisedFlow: false },
      null,
    ],
    ['a route that is never gated', { path: '/sell-my-car', search: '', personalisedFlow: true }, null],
  ] as const)('lets in %s', async (_who, input, session) => {
    const snapshot = await decide(input, session);
    expect(snapshot.matches('allowed')).toBe(true);
    expect(snapshot.output).toEqual({ allowed: true, signInUrl: null });
  });
});
