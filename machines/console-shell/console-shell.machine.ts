import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { StaffMember } from '../../domain/staff.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The console shell's input: the member the server's render found (`GET /api/dealer/me`), or null. */
export interface ConsoleShellInput {
  member: StaffMember | null;
}

/** The console shell's context: the signed-in member, and why the last sign-out failed. */
export interface ConsoleShellContext {
  member: StaffMember | null;
  error: string | null;
}

/**
 * Events: a page signed a member in (sign-in, invitation) or saw the session end (`member.signedOut`,
 * a 401 from an area); the member asked to sign out.
 */
export type ConsoleShellMachineEvent =
  | { type: 'member.signedIn'; member: StaffMember }
  | { type: 'member.signedOut' }
  | { type: 'signOut' };

/**
 * The dealer console's root actor (issue 36 item 7): who is signed in, across the console's pages.
 * It opens `signedIn` or `signedOut` from the server's answer; `signOut` ends the session through the
 * `signOut` actor (`signingOut`, tag `loading`) and lands `signedOut`, or stays signed in with the
 * error when the call failed. The layout reads the member and the navigation from it.
 */
export const consoleShellMachine = setup({
  types: {} as {
    context: ConsoleShellContext;
    events: ConsoleShellMachineEvent;
    input: ConsoleShellInput;
  },
  actors: { signOut: fromPromise<void>(notProvided('consoleShell: signOut')) },
  guards: { hasMember: ({ context }) => context.member !== null },
  actions: {
    keepMember: assign((_, member: StaffMember) => ({ member, error: null })),
    forgetMember: assign({ member: null, error: null }),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
}).createMachine({
  id: 'consoleShell',
  context: ({ input }) => ({ member: input.member, error: null }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'hasMember', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedIn: {
      on: {
        signOut: 'signingOut',
        'member.signedOut': { target: 'signedOut', actions: 'forgetMember' },
      },
    },
    signingOut: {
      tags: 'loading',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: 'forgetMember' },
        onError: { target: 'signedIn', actions: { type: 'assignError', params: errorOf } },
      },
    },
    signedOut: {},
  },
  on: {
    'member.signedIn': {
      target: '.signedIn',
      actions: { type: 'keepMember', params: ({ event }) => event.member },
    },
  },
});

/** A running console shell. */
export type ConsoleShellActorRef = ActorRefFrom<typeof consoleShellMachine>;
