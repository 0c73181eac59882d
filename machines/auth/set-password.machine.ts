import { type ActorRefFrom, assign, enqueueActions, fromPromise, setup } from 'xstate';
import {
  checkNewPassword,
  needsPhone,
  parseSignInType,
  type SetPasswordCall,
  type SignInType,
} from '../../domain/auth.ts';
import type { AuthUser } from '../../domain/contracts/session.ts';
import { safeReturnPath, signInPath } from '../../domain/return-path.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalOf } from '../shared/refusal.ts';

/** `/sign-in/set-password?token=…&reset=1&type=…&redirect=…&back=…` as the emailed link gives them (unchecked). */
export interface SetPasswordInput {
  token: string;
  /** The link was a reset's (`reset=1`): the page's words only; the server treats every link alike. */
  reset: boolean;
  type: string | null;
  redirect: string | null;
  back: string | null;
}

/** The page's state: the link, why the shopper came, where to go after, and what went wrong. */
export interface SetPasswordContext {
  token: string;
  reset: boolean;
  type: SignInType | null;
  /** Where to land once the password is set: a same-site path, else `/`. */
  redirect: string;
  back: string;
  /** The last failure's message (a refused link, a network error). */
  error: string | null;
  /** The password field's message when it did not pass the checks. */
  fieldError: string | null;
  /** Where the page goes once finished: `redirect`, or the sign-in page to add a phone first. */
  next: string | null;
}

/** Events of the page. The password travels in the event only, never in context. */
export type SetPasswordEvent = { type: 'password.submit'; password: string };

/** The session changed (signed in afresh): the app's watchlist reloads. */
export type SetPasswordEmitted = { type: 'session.change'; user: AuthUser };

/** Whether the server refused the link itself (used, expired, another site's, cut short). */
const isLinkRefusal = (error: unknown): boolean => {
  const { details } = refusalOf(error);
  return details?.code === 'invalid_link' || details?.fields?.token !== undefined;
};

/**
 * The page an emailed account link opens (issue 31 item 2, decision 104): a new account's or a
 * reset's. The shopper chooses a password: `editing` → `saving` → `finished`, signed in afresh (every
 * other session of the account has ended), and the page goes on to `redirect` — or, when the reason
 * needs a phone number the account lacks, to the sign-in page, which asks for it. A link the server
 * refuses is `expired` (ask for a new one); any other failure stays `editing` with its message, and
 * the form may be sent again. Opening the page changes nothing: a mail scanner uses up no link.
 */
export const setPasswordMachine = setup({
  types: {} as {
    context: SetPasswordContext;
    events: SetPasswordEvent;
    input: SetPasswordInput;
    emitted: SetPasswordEmitted;
  },
  actors: {
    setPassword: fromPromise<AuthUser, SetPasswordCall>(notProvided('setPassword')),
  },
  guards: {
    isPasswordValid: (_, password: string) => checkNewPassword(password) === null,
    isLinkRefused: (_, error: unknown) => isLinkRefusal(error),
  },
  actions: {
    assignFieldError: assign((_, password: string) => ({
      fieldError: checkNewPassword(password),
      error: null,
    })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error), fieldError: null })),
    clearMessages: assign({ error: null, fieldError: null }),
    adoptUser: enqueueActions(({ context, enqueue }, user: AuthUser) => {
      const phoneFirst = user.phone_number === null && needsPhone(context.type);
      enqueue.assign({
        next: phoneFirst
          ? signInPath({ type: context.type ?? undefined, redirect: context.redirect, back: context.back })
          : context.redirect,
      });
      enqueue.emit({ type: 'session.change', user });
      // A named action (bound in the page's wiring), so it is resolved from the machine's implementations.
      enqueue({ type: 'announceSession', params: user } as never);
    }),
    /** Tells the app's shell (decision 075), which reloads the watchlist; bound in the page's wiring. */
    announceSession: (_, _user: AuthUser) => undefined,
  },
}).createMachine({
  id: 'setPassword',
  context: ({ input }) => ({
    token: input.token,
    reset: input.reset,
    type: parseSignInType(input.type),
    redirect: safeReturnPath(input.redirect),
    back: safeReturnPath(input.back),
    error: null,
    fieldError: null,
    next: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'password.submit': [
          { guard: { type: 'isPasswordValid', params: ({ event }) => event.password }, target: 'saving' },
          { actions: { type: 'assignFieldError', params: ({ event }) => event.password } },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'clearMessages',
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ context, event }) => ({
          token: context.token,
          password: (event as SetPasswordEvent).password,
        }),
        onDone: {
          target: 'finished',
          actions: { type: 'adoptUser', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: { type: 'isLinkRefused', params: errorOf },
            target: 'expired',
            actions: { type: 'assignError', params: errorOf },
          },
          { target: 'editing', actions: { type: 'assignError', params: errorOf } },
        ],
      },
    },
    /** The link is used, expired or not one: the page offers to email a new one. */
    expired: {},
    /** Signed in with the new password: the page goes to `next`. */
    finished: { type: 'final' },
  },
});

/** A running set-password page. */
export type SetPasswordActorRef = ActorRefFrom<typeof setPasswordMachine>;
