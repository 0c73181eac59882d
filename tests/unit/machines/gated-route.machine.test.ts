import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, waitFor } from 'xstate';
import type { AuthUser } from '../../../domain/contracts/session.ts';
import {
  type GatedRouteInput,
  gatedRouteMachine,
} from '../../../machines/gated-route/gated-route.machine.ts';
import { selectGateError, selectSignInUrl } from '../../../machines/gated-route/gated-route.selectors.ts';

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
    expect(snapshot.output).toEqual({ allowed: false, signInUrl: selectSignInUrl(snapshot), error: null });
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
    expect(snapshot.output).toEqual({ allowed: true, signInUrl: null, error: null });
  });

  it('ends in `failed` when the session cannot be read, neither allowing nor redirecting', async () => {
    const actor = createActor(
      gatedRouteMachine.provide({
        actors: {
          loadSession: fromPromise<AuthUser | null>(async () => {
            throw new Error('Network error');
          }),
        },
      }),
      { input: { path: '/finance', search: '', personalisedFlow: true } },
    ).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectGateError(actor.getSnapshot())).toBe('Network error');
    expect(actor.getSnapshot().output).toEqual({ allowed: false, signInUrl: null, error: 'Network error' });
  });

  it('runs as a child: the page reads the decision from its output', async () => {
    const page = setup({ actors: { gate: gatedRouteMachine } }).createMachine({
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            id: 'gate',
            src: 'gate',
            input: { path: '/finance', search: 'car_id=5', personalisedFlow: true },
            onDone: [
              { guard: ({ event }) => event.output.allowed, target: 'open' },
              { guard: ({ event }) => event.output.signInUrl !== null, target: 'signIn' },
              { target: 'failed' },
            ],
          },
        },
        open: {},
        signIn: {},
        failed: {},
      },
    });
    const run = async (session: AuthUser | null) => {
      const actor = createActor(
        page.provide({
          actors: {
            gate: gatedRouteMachine.provide({ actors: { loadSession: fromPromise(async () => session) } }),
          },
        }),
      ).start();
      await waitFor(actor, (s) => !s.matches('checking'));
      return actor.getSnapshot().value;
    };
    expect(await run(user)).toBe('open');
    expect(await run(null)).toBe('signIn');
  });
});
