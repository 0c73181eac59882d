import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import {
  checkEmailForm,
  type PasswordResetCall,
  parseSignInType,
  type SignInType,
} from '../../domain/auth.ts';
import { safeReturnPath, signInPath } from '../../domain/return-path.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** `/sign-in/forgot-password?type=…&redirect=…&back=…` as the sign-in page's link gives them (unchecked). */
export interface ForgotPasswordInput {
  type: string | null;
  redirect: string | null;
  back: string | null;
}

/** The page's state: why the shopper signs in, where to go after, where the email went, what went wrong. */
export interface ForgotPasswordContext {
  type: SignInType | null;
  redirect: string;
  back: string;
  /** Where the email was sent (the "check your email" screen). */
  sentTo: string | null;
  /** The last failure's message (a network error, too many requests). */
  error: string | null;
  /** The email field's message when it did not pass the checks. */
  fieldError: string | null;
}

/** Events of the page. */
export type ForgotPasswordEvent = { type: 'email.submit'; email: string };

/**
 * "Forgot password?" (issue 31 item 2): `editing` → `sending` → `sent`, which says to check the inbox
 * — the same whether the email has an account or not, as the server answers. The emailed link opens
 * the page that sets a new password, with this page's sign-in parameters, so the shopper goes on
 * where they were going. A failure stays `editing` with its message; the form may be sent again.
 */
export const forgotPasswordMachine = setup({
  types: {} as { context: ForgotPasswordContext; events: ForgotPasswordEvent; input: ForgotPasswordInput },
  actors: {
    requestReset: fromPromise<{ email: string }, PasswordResetCall>(notProvided('requestReset')),
  },
  guards: {
    isEmailValid: (_, email: string) => checkEmailForm(email).ok,
  },
  actions: {
    assignFieldError: assign((_, email: string) => {
      const checked = checkEmailForm(email);
      return { fieldError: checked.ok ? null : (checked.fields.email ?? null), error: null };
    }),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error), fieldError: null })),
    assignSent: assign((_, email: string) => ({ sentTo: email, error: null, fieldError: null })),
    clearMessages: assign({ error: null, fieldError: null }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({
    type: parseSignInType(input.type),
    redirect: safeReturnPath(input.redirect),
    back: safeReturnPath(input.back),
    sentTo: null,
    error: null,
    fieldError: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'email.submit': [
          { guard: { type: 'isEmailValid', params: ({ event }) => event.email }, target: 'sending' },
          { actions: { type: 'assignFieldError', params: ({ event }) => event.email } },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      entry: 'clearMessages',
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context, event }) => ({
          email: (event as ForgotPasswordEvent).email,
          // The link comes back with this page's reasons, as a sign-up's does.
          continueAt: signInPath({
            type: context.type ?? undefined,
            redirect: context.redirect,
            back: context.back,
          }),
        }),
        onDone: {
          target: 'sent',
          actions: { type: 'assignSent', params: ({ event }) => event.output.email },
        },
        onError: { target: 'editing', actions: { type: 'assignError', params: errorOf } },
      },
    },
    /** The email is on its way (or a note, for an address without an account): check the inbox. */
    sent: { type: 'final' },
  },
});

/** A running forgot-password page. */
export type ForgotPasswordActorRef = ActorRefFrom<typeof forgotPasswordMachine>;
