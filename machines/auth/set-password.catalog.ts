import type { AuthUser } from '../../domain/contracts/session.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { setPasswordMachine } from './set-password.machine.ts';

const withPhone: AuthUser = { id: 1, email: 'sam@example.com', phone_number: '0400111222' };
const withoutPhone: AuthUser = { id: 2, email: 'alex@example.com', phone_number: null };

/**
 * The set-password page's path tests, opened from a link for the watchlist (which needs a phone): a
 * password too short or good → signed in, on to the car or to the phone first; a refused link; a
 * failure that keeps the form.
 */
export const setPasswordCatalogEntry = defineCatalogEntry(setPasswordMachine, {
  summary: 'Set-password page (emailed link): editing → saving → finished (redirect | phone first) | expired',
  input: {
    token: 'dGhpcyBpcyBhIHRlc3QgdG9rZW4gb2YgMjQgYnl0ZXM',
    reset: false,
    type: 'watchlist',
    redirect: '/cars/2022-mazda-cx-5-touring-501',
    back: '//evil.example',
  },
  promiseInvokes: { setPassword: 'setPassword' },
  events: [
    { type: 'password.submit', password: 'correct horse battery' },
    { type: 'password.submit', password: 'short' },
    { type: 'xstate.done.actor.setPassword', output: withPhone },
    { type: 'xstate.done.actor.setPassword', output: withoutPhone },
    {
      type: 'xstate.error.actor.setPassword',
      error: Object.assign(new Error('This link has expired or was already used.'), {
        details: { status: 410, code: 'invalid_link' },
      }),
    },
    { type: 'xstate.error.actor.setPassword', error: new Error('Network error') },
  ],
  serializeState: ({ value, context }) => ({
    value,
    next: context.next,
    error: context.error !== null,
    fieldError: context.fieldError !== null,
  }),
});
