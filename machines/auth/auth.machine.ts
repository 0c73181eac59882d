import { type ActorRefFrom, assign, enqueueActions, fromPromise, setup } from 'xstate';
import {
  type Authenticated,
  type AuthMode,
  type Credentials,
  type CredentialsForm,
  checkCredentials,
  checkPhone,
  needsPhone,
  type PhoneUpdate,
  parseSignInType,
  type SignInType,
} from '../../domain/auth.ts';
import type { AuthUser } from '../../domain/contracts/session.ts';
import { safeReturnPath, signInPath } from '../../domain/return-path.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** `/sign-in?type=…&redirect=…&back=…` as the URL gives them (unchecked). */
export interface AuthInput {
  type: string | null;
  redirect: string | null;
  back: string | null;
}

/** The sign-in page's state: why, where to go after, the shopper once known, and what went wrong. */
export interface AuthContext {
  type: SignInType | null;
  /** Where to land after signing in: a same-site path, else `/`. */
  redirect: string;
  /** Where to return without signing in: a same-site path, else `/`. */
  back: string;
  mode: AuthMode;
  user: AuthUser | null;
  /** The last failure's message (a refused sign-in, a network error). */
  error: string | null;
  /** A message per form field that did not pass the checks. */
  fields: Record<string, string>;
  /** Where the sign-up link was sent (the "check your email" screen). */
  checkEmail: string | null;
}

/** Events of the sign-in page. Passwords travel in events only, never in context. */
export type AuthEvent =
  | { type: 'mode.switch'; mode: AuthMode }
  | ({ type: 'credentials.submit' } & CredentialsForm)
  | { type: 'phone.submit'; phone_number: string }
  | { type: 'session.end' }
  | { type: 'retry' };

/** The session changed (signed in, phone added, signed out): the app's watchlist reloads. */
export type AuthEmitted = { type: 'session.change'; user: AuthUser | null };

const phoneMissing = (context: AuthContext, user: AuthUser | null) =>
  user !== null && user.phone_number === null && needsPhone(context.type);

const isCheckEmail = (answer: Authenticated): answer is { checkEmail: string } => 'checkEmail' in answer;

/**
 * The call's input, from the submit event (passwords never enter context). A sign-up's emailed link
 * comes back to this page with its reasons, as the forgot-password page's does.
 */
function credentials(context: AuthContext, event: { type: string }): Credentials {
  const form = event as unknown as CredentialsForm;
  if (context.mode === 'signIn') return { mode: 'signIn', email: form.email, password: form.password ?? '' };
  const continueAt = signInPath({
    type: context.type ?? undefined,
    redirect: context.redirect,
    back: context.back,
  });
  return { mode: 'signUp', email: form.email, continueAt };
}

/**
 * The sign-in page (issue 6 item 1; `locations-forms-tradein-site.md` §2 sign-in route): `checking`
 * the session, then `signedOut` (sign in with email and password, or sign up with the email alone)
 * → `authenticating` → `finished`, where the page goes to `redirect`, or — a sign-up — `checkEmail`:
 * the emailed link opens the page where the shopper chooses a password (decision 104); or `account`
 * (signed in: add or change the phone, `session.end` signs out), whose `phoneNeeded` asks a shopper
 * who came for the watchlist for a phone first. `redirect`
 * and `back` are same-site paths only. Every change of session is emitted (`session.change`) and sent
 * to the app's shell actor (`announceSession`, bound in the page's wiring), which reloads the watchlist.
 */
export const authMachine = setup({
  types: {} as { context: AuthContext; events: AuthEvent; input: AuthInput; emitted: AuthEmitted },
  actors: {
    loadSession: fromPromise<AuthUser | null>(notProvided('loadSession')),
    authenticate: fromPromise<Authenticated, Credentials>(notProvided('authenticate')),
    savePhone: fromPromise<AuthUser, PhoneUpdate>(notProvided('savePhone')),
    signOut: fromPromise<void>(notProvided('signOut')),
  },
  guards: {
    isPhoneMissing: ({ context }, user: AuthUser | null) => phoneMissing(context, user),
    isSignedIn: (_, user: AuthUser | null) => user !== null,
    isCheckEmail: (_, answer: Authenticated) => isCheckEmail(answer),
    areCredentialsValid: ({ context }, form: CredentialsForm) => checkCredentials(context.mode, form).ok,
    isPhoneValid: (_, phone: string) => checkPhone(phone) === null,
  },
  actions: {
    assignUser: assign((_, user: AuthUser | null) => ({ user, error: null, fields: {} })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    assignMode: assign((_, mode: AuthMode) => ({ mode, error: null, fields: {}, checkEmail: null })),
    assignCheckEmail: assign((_, email: string) => ({ checkEmail: email, error: null, fields: {} })),
    assignCredentialErrors: assign(({ context }, form: CredentialsForm) => {
      const checked = checkCredentials(context.mode, form);
      return { error: null, fields: checked.ok ? {} : checked.fields };
    }),
    assignPhoneError: assign((_, phone: string) => ({
      error: null,
      fields: { phone_number: checkPhone(phone) ?? '' },
    })),
    clearMessages: assign({ error: null, fields: {} }),
    adoptUser: enqueueActions(({ enqueue }, user: AuthUser | null) => {
      enqueue.assign({ user, error: null, fields: {} });
      enqueue.emit({ type: 'session.change', user });
      // A named action (bound in the page's wiring), so it is resolved from the machine's implementations.
      enqueue({ type: 'announceSession', params: user } as never);
    }),
    /** Tells the app's shell (decision 075), which reloads the watchlist; bound in the page's wiring. */
    announceSession: (_, _user: AuthUser | null) => undefined,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    type: parseSignInType(input.type),
    redirect: safeReturnPath(input.redirect),
    back: safeReturnPath(input.back),
    mode: 'signIn',
    user: null,
    error: null,
    fields: {},
    checkEmail: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['loading'],
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        onDone: [
          {
            guard: { type: 'isPhoneMissing', params: ({ event }) => event.output },
            target: 'account.phoneNeeded',
            actions: { type: 'assignUser', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isSignedIn', params: ({ event }) => event.output },
            target: 'account',
            actions: { type: 'assignUser', params: ({ event }) => event.output },
          },
          { target: 'signedOut' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: errorOf },
        },
      },
    },
    failed: { on: { retry: 'checking' } },
    signedOut: {
      on: {
        'mode.switch': { actions: { type: 'assignMode', params: ({ event }) => event.mode } },
        'credentials.submit': [
          { guard: { type: 'areCredentialsValid', params: ({ event }) => event }, target: 'authenticating' },
          { actions: { type: 'assignCredentialErrors', params: ({ event }) => event } },
        ],
      },
    },
    authenticating: {
      tags: ['busy'],
      entry: 'clearMessages',
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context, event }) => credentials(context, event),
        onDone: [
          {
            guard: { type: 'isCheckEmail', params: ({ event }) => event.output },
            target: 'checkEmail',
            actions: {
              type: 'assignCheckEmail',
              params: ({ event }) => (event.output as { checkEmail: string }).checkEmail,
            },
          },
          {
            guard: { type: 'isPhoneMissing', params: ({ event }) => event.output as AuthUser },
            target: 'account.phoneNeeded',
            actions: { type: 'adoptUser', params: ({ event }) => event.output as AuthUser },
          },
          {
            target: 'finished',
            actions: { type: 'adoptUser', params: ({ event }) => event.output as AuthUser },
          },
        ],
        onError: {
          target: 'signedOut',
          actions: { type: 'assignError', params: errorOf },
        },
      },
    },
    /**
     * A sign-up was asked for: the link is in the shopper's inbox (issue 14 item 8: the same answer
     * for a new email and a known one). It opens the page that sets the password, which signs in.
     */
    checkEmail: {
      on: {
        'mode.switch': {
          target: 'signedOut',
          actions: { type: 'assignMode', params: ({ event }) => event.mode },
        },
      },
    },
    account: {
      on: {
        'session.end': 'signingOut',
        'phone.submit': [
          { guard: { type: 'isPhoneValid', params: ({ event }) => event.phone_number }, target: '.saving' },
          { actions: { type: 'assignPhoneError', params: ({ event }) => event.phone_number } },
        ],
      },
      initial: 'idle',
      states: {
        /** Signed in for the watchlist without a phone on record: the phone comes first. */
        phoneNeeded: {},
        idle: {},
        saving: {
          tags: ['busy'],
          entry: 'clearMessages',
          invoke: {
            id: 'savePhone',
            src: 'savePhone',
            input: ({ event }) => ({ phone_number: (event as { phone_number: string }).phone_number }),
            onDone: [
              {
                guard: { type: 'isPhoneMissing', params: ({ context }) => context.user },
                target: '#auth.finished',
                actions: { type: 'adoptUser', params: ({ event }) => event.output },
              },
              {
                target: 'idle',
                actions: { type: 'adoptUser', params: ({ event }) => event.output },
              },
            ],
            onError: [
              {
                guard: { type: 'isPhoneMissing', params: ({ context }) => context.user },
                target: 'phoneNeeded',
                actions: {
                  type: 'assignError',
                  params: errorOf,
                },
              },
              {
                target: 'idle',
                actions: {
                  type: 'assignError',
                  params: errorOf,
                },
              },
            ],
          },
        },
      },
    },
    signingOut: {
      tags: ['busy'],
      entry: 'clearMessages',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: {
          target: 'signedOut',
          actions: { type: 'adoptUser', params: null },
        },
        onError: {
          target: 'account',
          actions: { type: 'assignError', params: errorOf },
        },
      },
    },
    /** Signed in as asked: the page goes to `redirect`. */
    finished: { type: 'final' },
  },
});

/** A running sign-in page. */
export type AuthActorRef = ActorRefFrom<typeof authMachine>;
