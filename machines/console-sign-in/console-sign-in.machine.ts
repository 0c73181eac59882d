import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { StaffMember } from '../../domain/staff.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalMessage, refusalOf } from '../shared/refusal.ts';

/** The sign-in page's input: where to land once signed in (already made safe: a console page). */
export interface ConsoleSignInInput {
  returnTo: string;
}

/** What the sign-in actor is called with: the code only on the second step. */
export interface ConsoleSignInCall {
  email: string;
  password: string;
  code?: string;
}

/** The sign-in page's context. The password is kept only between the two steps of a two-step sign-in. */
export interface ConsoleSignInContext {
  returnTo: string;
  email: string;
  password: string;
  error: string | null;
  member: StaffMember | null;
}

/** Events: the email and password sent; the code sent; back to the first step. */
export type ConsoleSignInEvent =
  | { type: 'submit'; email: string; password: string }
  | { type: 'submitCode'; code: string }
  | { type: 'startOver' };

const SIGN_IN_FAILED = 'Sorry, we could not sign you in. Please try again.';

/**
 * The dealer console's sign-in (`/dealer/sign-in`, issue 36 item 2): email and password
 * (`credentials` → `signingIn`); a member with two-step sign-in is asked for the code (`totp_required`
 * → `code` → `verifying`); a wrong password, a wrong code and the rate limit come back with the
 * server's message; signed in, the member is announced to the shell (`announceMember`) and the view
 * goes to `returnTo`.
 */
export const consoleSignInMachine = setup({
  types: {} as { context: ConsoleSignInContext; events: ConsoleSignInEvent; input: ConsoleSignInInput },
  actors: {
    signIn: fromPromise<StaffMember, ConsoleSignInCall>(notProvided('consoleSignIn: signIn')),
  },
  guards: {
    codeRequired: ({ event }) =>
      refusalOf((event as { error?: unknown }).error).details?.code === 'totp_required',
    credentialsRefused: ({ event }) =>
      refusalOf((event as { error?: unknown }).error).details?.code === 'invalid_credentials',
  },
  actions: {
    keepCredentials: assign((_, params: { email: string; password: string }) => ({ ...params, error: null })),
    keepMember: assign((_, member: StaffMember) => ({ member, password: '', error: null })),
    assignError: assign((_, error: unknown) => ({ error: refusalMessage(error, SIGN_IN_FAILED) })),
    clearError: assign({ error: null }),
    forgetPassword: assign({ password: '' }),
    /** Tells the console's shell who signed in (bound in the wiring). */
    announceMember: (_, _member: StaffMember) => undefined,
  },
}).createMachine({
  id: 'consoleSignIn',
  context: ({ input }) => ({ returnTo: input.returnTo, email: '', password: '', error: null, member: null }),
  initial: 'credentials',
  states: {
    credentials: {
      on: {
        submit: {
          target: 'signingIn',
          actions: {
            type: 'keepCredentials',
            params: ({ event }) => ({ email: event.email, password: event.password }),
          },
        },
      },
    },
    signingIn: {
      tags: 'submitting',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'keepMember', params: ({ event }) => event.output },
            { type: 'announceMember', params: ({ event }) => event.output },
          ],
        },
        onError: [
          { guard: 'codeRequired', target: 'code', actions: 'clearError' },
          {
            target: 'credentials',
            actions: [{ type: 'assignError', params: errorOf }, 'forgetPassword'],
          },
        ],
      },
    },
    code: {
      on: {
        submitCode: 'verifying',
        startOver: { target: 'credentials', actions: ['forgetPassword', 'clearError'] },
      },
    },
    verifying: {
      tags: 'submitting',
      invoke: {
        id: 'verify',
        src: 'signIn',
        input: ({ context, event }) => ({
          email: context.email,
          password: context.password,
          code: (event as { code?: string }).code ?? '',
        }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'keepMember', params: ({ event }) => event.output },
            { type: 'announceMember', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            // The password no longer holds (changed meanwhile): back to the first step.
            guard: 'credentialsRefused',
            target: 'credentials',
            actions: [{ type: 'assignError', params: errorOf }, 'forgetPassword'],
          },
          { target: 'code', actions: { type: 'assignError', params: errorOf } },
        ],
      },
    },
    signedIn: {},
  },
});

/** A running sign-in page. */
export type ConsoleSignInActorRef = ActorRefFrom<typeof consoleSignInMachine>;
