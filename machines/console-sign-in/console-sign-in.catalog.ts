import { STAFF_MESSAGES } from '../../domain/staff.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { consoleSignInMachine } from './console-sign-in.machine.ts';

const member = {
  id: 7,
  site_id: 1,
  email: 'manager@bayside-mazda.example',
  name: 'Morgan Lee',
  role: 'manager' as const,
  totp_enabled: true,
};

/** A refusal as the HTTP client throws it: the server's message, status and code. */
const refusal = (status: number, code: string, message: string) =>
  Object.assign(new Error(message), { details: { status, code } });

/**
 * The console sign-in's path tests: a wrong password, the rate limit, a two-step member's code
 * (wrong, then right, or the password refused meanwhile), start over, signed in.
 */
export const consoleSignInCatalogEntry = defineCatalogEntry(consoleSignInMachine, {
  summary:
    'Dealer console sign-in: credentials → signed in | refused (wrong password, rate limit) | code step (totp) → signed in | wrong code | start over',
  input: { returnTo: '/dealer/leads' },
  promiseInvokes: { signIn: 'signIn', verify: 'signIn' },
  events: [
    { type: 'submit', email: 'manager@bayside-mazda.example', password: 'demo-manager-password' },
    { type: 'submitCode', code: '123456' },
    { type: 'startOver' },
    { type: 'xstate.done.actor.signIn', output: member },
    {
      type: 'xstate.error.actor.signIn',
      error: refusal(401, 'invalid_credentials', STAFF_MESSAGES.signInFailed),
    },
    { type: 'xstate.error.actor.signIn', error: refusal(401, 'totp_required', STAFF_MESSAGES.codeRequired) },
    {
      type: 'xstate.error.actor.signIn',
      error: refusal(429, 'rate_limited', 'Too many attempts. Please wait a minute and try again.'),
    },
    { type: 'xstate.done.actor.verify', output: member },
    { type: 'xstate.error.actor.verify', error: refusal(401, 'invalid_code', STAFF_MESSAGES.codeWrong) },
    {
      type: 'xstate.error.actor.verify',
      error: refusal(401, 'invalid_credentials', STAFF_MESSAGES.signInFailed),
    },
  ],
  serializeState: (snapshot) => ({ value: snapshot.value, error: snapshot.context.error !== null }),
});
