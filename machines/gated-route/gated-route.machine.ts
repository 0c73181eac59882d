import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { AuthUser } from '../../domain/contracts/session.ts';
import { type GatedRoute, gatedRoute } from '../../domain/gated-routes.ts';
import { signInPath } from '../../domain/return-path.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The route asked for, raw as the URL has it, and the site's `personalisedFlow` switch. */
export interface GatedRouteInput {
  path: string;
  search: string;
  personalisedFlow: boolean;
}

/** Whether the route is gated here, and where an anonymous visitor is sent. */
export interface GatedRouteContext {
  /** The route's kind (checkout or finance) and its `back`; null for a route that is never gated. */
  gate: GatedRoute | null;
  /** The site's `personalisedFlow` switch: only then are anonymous visitors sent to sign in. */
  personalised: boolean;
  /** The path and search to come back to after signing in. */
  redirect: string;
  /** `/sign-in?type=…&redirect=…&back=…` once the visitor is known to be anonymous. */
  signInUrl: string | null;
  error: string | null;
}

/**
 * What the gate decided: `allowed`, or the sign-in URL to go to, or — the session could not be read —
 * neither, with the failure's message (the page offers its retry: it invokes the gate again).
 */
export interface GatedRouteOutput {
  allowed: boolean;
  signInUrl: string | null;
  error: string | null;
}

/**
 * Gated routes (`locations-forms-tradein-site.md` §4 Gated routes, §6): a checkout or finance route
 * asks who the visitor is (`loadSession`). On a site with the personalised flow an anonymous visitor
 * ends in `redirecting` with the sign-in URL (type, redirect, back); a signed-in one, and everyone on
 * other sites, is `allowed`; a session that could not be read ends in `failed`. Trade-in and
 * sell-my-car are never gated. Every end is final: a page machine invokes the gate as its child and
 * reads the decision from `onDone`'s output (`GatedRouteOutput`), retrying by invoking it again. The
 * server runs the page to a settled state, so a first load is decided before any HTML is sent.
 *
 * @example
 * // in the page machine (its wiring binds the child: `gate: gatedRouteLogic(deps)`)
 * setup({
 *   actors: { gate: gatedRouteMachine },
 *   guards: { gateAllows: (_, out: GatedRouteOutput) => out.allowed,
 *             gateRedirects: (_, out: GatedRouteOutput) => out.signInUrl !== null },
 * }).createMachine({ states: { checkingGate: { invoke: {
 *   id: 'gate', src: 'gate',
 *   input: ({ context }) => ({ path: context.path, search: context.search, personalisedFlow: context.personalisedFlow }),
 *   onDone: [
 *     { guard: { type: 'gateAllows', params: ({ event }) => event.output }, target: 'loading' },
 *     { guard: { type: 'gateRedirects', params: ({ event }) => event.output }, target: 'signIn', actions: … },
 *     { target: 'failed', actions: … }, // `event.output.error` says why
 *   ],
 * } } } });
 */
export const gatedRouteMachine = setup({
  types: {} as {
    context: GatedRouteContext;
    input: GatedRouteInput;
    output: GatedRouteOutput;
  },
  actors: {
    loadSession: fromPromise<AuthUser | null>(notProvided('loadSession')),
  },
  guards: {
    isAllowed: ({ context }, user: AuthUser | null) =>
      !context.personalised || context.gate === null || user !== null,
  },
  actions: {
    assignSignInUrl: assign(({ context }) => ({
      signInUrl: context.gate
        ? signInPath({ type: context.gate.type, redirect: context.redirect, back: context.gate.back })
        : null,
    })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
}).createMachine({
  id: 'gatedRoute',
  context: ({ input }) => ({
    gate: gatedRoute(input.path, input.search),
    personalised: input.personalisedFlow,
    redirect: input.search ? `${input.path}?${input.search}` : input.path,
    signInUrl: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['loading'],
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        onDone: [
          { guard: { type: 'isAllowed', params: ({ event }) => event.output }, target: 'allowed' },
          { target: 'redirecting', actions: 'assignSignInUrl' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: errorOf },
        },
      },
    },
    /** The session could not be read: the page shows the error and offers its retry. */
    failed: { type: 'final' },
    allowed: { type: 'final' },
    /** Anonymous on a gated route: the page goes to `signInUrl`. */
    redirecting: { type: 'final' },
  },
  output: ({ context }) => ({
    allowed: context.error === null && context.signInUrl === null,
    signInUrl: context.signInUrl,
    error: context.error,
  }),
});

/** A running gate. */
export type GatedRouteActorRef = ActorRefFrom<typeof gatedRouteMachine>;
