import type { AuthUser } from '../../domain/contracts/session.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { authMachine } from './auth.machine.ts';

const withPhone: AuthUser = { id: 1, email: 'sam@example.com', phone_number: '0400111222' };
const withoutPhone: AuthUser = { id: 2, email: 'alex@example.com', phone_number: null };

/**
 * The sign-in page's path tests, reached for the watchlist (which needs a phone): signed out → sign in
 * or up (valid or not) → finished or phone first; signed in → change phone, sign out; each failure.
 */
export const authCatalogEntry = defineCatalogEntry(authMachine, {
  summary:
    'Sign-in page: checking → signedOut | account; authenticate → finished | phoneNeeded | checkEmail; phone; sign out',
  input: { type: 'watchlist', redirect: '/cars/2022-mazda-cx-5-touring-501', back: '//evil.example' },
  promiseInvokes: {
    loadSession: 'loadSession',
    authenticate: 'authenticate',
    savePhone: 'savePhone',
    signOut: 'signOut',
  },
  events: [
    { type: 'xstate.done.actor.loadSession', output: null },
    { type: 'xstate.done.actor.loadSession', output: withPhone },
    { type: 'xstate.done.actor.loadSession', output: withoutPhone },
    { type: 'xstate.error.actor.loadSession', error: new Error('Network error') },
    { type: 'mode.switch', mode: 'signUp' },
    { type: 'mode.switch', mode: 'signIn' },
    { type: 'credentials.submit', email: 'sam@example.com', password: 'correct horse' },
    { type: 'credentials.submit', email: 'not-an-email', password: '' },
    { type: 'xstate.done.actor.authenticate', output: withPhone },
    { type: 'xstate.done.actor.authenticate', output: withoutPhone },
    { type: 'xstate.done.actor.authenticate', output: { checkEmail: 'sam@example.com' } },
    { type: 'xstate.error.actor.authenticate', error: new Error('Incorrect email or password') },
    { type: 'phone.submit', phone_number: '0400 111 222' },
    { type: 'phone.submit', phone_number: 'call me' },
    { type: 'xstate.done.actor.savePhone', output: withPhone },
    { type: 'xstate.error.actor.savePhone', error: new Error('Network error') },
    { type: 'session.end' },
    { type: 'xstate.done.actor.signOut', output: undefined },
    { type: 'xstate.error.actor.signOut', error: new Error('Network error') },
  ],
  serializeState: ({ value, context }) => ({
    value,
    mode: context.mode,
    user: context.user,
    error: context.error !== null,
    fields: Object.keys(context.fields).sort(),
  }),
  // Simple paths explode here (sign out and back in, retries and mode switches form many cycles);
  // the shortest paths already take every transition (`npm run catalog -- auth`: no findings).
  simplePaths: false,
});
