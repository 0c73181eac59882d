import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { InvitationLookupAnswer } from '../../domain/contracts/console-staff.ts';
import { STAFF_MESSAGES, type StaffMember } from '../../domain/staff.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalFields, refusalMessage, refusalOf } from '../shared/refusal.ts';

/** The invitation page's input: the token from its link (`?token=`), or null without one. */
export interface ConsoleInvitationInput {
  token: string | null;
}

/** What accepting sends: the token, and the new member's name and password. */
export interface InvitationAcceptCall {
  token: string;
  name: string;
  password: string;
}

/** The invitation page's context. */
export interface ConsoleInvitationContext {
  input: ConsoleInvitationInput;
  /** The open invitation: its dealer, email and role. */
  data: InvitationLookupAnswer | null;
  /** Why the invitation cannot be used (expired, used, unknown), or the last failure's message. */
  error: string | null;
  /** The server's messages per field for a refused form. */
  fieldErrors: Record<string, string>;
  member: StaffMember | null;
}

/** Events: the form sent (name, password); `retry` once loading failed for another reason. */
export type ConsoleInvitationEvent = { type: 'submit'; name: string; password: string } | { type: 'retry' };

const ACCEPT_FAILED = 'Sorry, we could not set up your account. Please try again.';

const isInvalidInvitation = (error: unknown) => refusalOf(error).details?.code === 'invalid_invitation';

/**
 * The invitation page (`/dealer/invitation?token=`, issue 36 item 2): the invitation is looked up
 * (`loading`, tag `loading`) and shown — its dealer, email and role (`ready`) — or said to be expired,
 * used or unknown (`invalid`, the server's message); a link without a token is `invalid` at once. The
 * new member sends a name and password (`accepting`): the server uses the invitation once and signs
 * them in (`accepted`, announced to the shell), or refuses the form (`ready` with its messages) or the
 * invitation (`invalid`, e.g. used meanwhile in another tab).
 */
export const consoleInvitationMachine = setup({
  types: {} as {
    context: ConsoleInvitationContext;
    events: ConsoleInvitationEvent;
    input: ConsoleInvitationInput;
  },
  actors: {
    lookUp: fromPromise<InvitationLookupAnswer, ConsoleInvitationInput>(
      notProvided('consoleInvitation: lookUp'),
    ),
    accept: fromPromise<StaffMember, InvitationAcceptCall>(notProvided('consoleInvitation: accept')),
  },
  guards: {
    hasToken: ({ context }) => context.input.token !== null && context.input.token !== '',
    invitationRefused: ({ event }) => isInvalidInvitation((event as { error?: unknown }).error),
  },
  actions: {
    assignData: assign((_, data: InvitationLookupAnswer) => ({ data, error: null })),
    assignError: assign((_, error: unknown) => ({
      error: refusalMessage(error, ACCEPT_FAILED),
      fieldErrors: refusalFields(error),
    })),
    assignNoToken: assign({ error: STAFF_MESSAGES.invitationUnknown }),
    clearError: assign({ error: null, fieldErrors: {} }),
    keepMember: assign((_, member: StaffMember) => ({ member, error: null, fieldErrors: {} })),
    /** Tells the console's shell who signed in (bound in the wiring). */
    announceMember: (_, _member: StaffMember) => undefined,
  },
}).createMachine({
  id: 'consoleInvitation',
  context: ({ input }) => ({ input, data: null, error: null, fieldErrors: {}, member: null }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: 'hasToken', target: 'loading' },
        { target: 'invalid', actions: 'assignNoToken' },
      ],
    },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => context.input,
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => event.output } },
        onError: [
          {
            guard: 'invitationRefused',
            target: 'invalid',
            actions: { type: 'assignError', params: errorOf },
          },
          { target: 'failed', actions: { type: 'assignError', params: errorOf } },
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      on: { submit: { target: 'accepting', actions: 'clearError' } },
    },
    accepting: {
      tags: 'submitting',
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context, event }) => {
          const form = event as { name?: string; password?: string };
          return { token: context.input.token ?? '', name: form.name ?? '', password: form.password ?? '' };
        },
        onDone: {
          target: 'accepted',
          actions: [
            { type: 'keepMember', params: ({ event }) => event.output },
            { type: 'announceMember', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: 'invitationRefused',
            target: 'invalid',
            actions: { type: 'assignError', params: errorOf },
          },
          { target: 'ready', actions: { type: 'assignError', params: errorOf } },
        ],
      },
    },
    accepted: {},
    invalid: {},
  },
});

/** A running invitation page. */
export type ConsoleInvitationActorRef = ActorRefFrom<typeof consoleInvitationMachine>;
