import { defineCatalogEntry } from '../catalog.types.ts';
import { consoleShellMachine } from './console-shell.machine.ts';

const member = {
  id: 7,
  site_id: 1,
  email: 'manager@bayside-mazda.example',
  name: 'Morgan Lee',
  role: 'manager' as const,
  totp_enabled: false,
};

/** The console shell's path tests: opened signed in or out; sign out (done | failed); signed in by a page. */
export const consoleShellCatalogEntry = defineCatalogEntry(consoleShellMachine, {
  summary:
    'Dealer console shell: signed in | signed out from the server; sign out → signed out | still signed in with the error; a page signs a member in',
  inputs: [{ member }, { member: null }],
  promiseInvokes: { signOut: 'signOut' },
  events: [
    { type: 'signOut' },
    { type: 'member.signedIn', member },
    { type: 'member.signedOut' },
    { type: 'xstate.done.actor.signOut', output: undefined },
    { type: 'xstate.error.actor.signOut', error: new Error('Could not sign out: please try again') },
  ],
});
