import { defineCatalogEntry } from '../catalog.types.ts';
import { shellMachine } from './shell.machine.ts';

/** The shell's path tests: a change of session is taken in its one resting state. */
export const shellCatalogEntry = defineCatalogEntry(shellMachine, {
  summary: 'App shell: owns the watchlist and favourites; a session change reloads the watchlist',
  promiseInvokes: {},
  events: [
    { type: 'session.change', user: null },
    { type: 'session.change', user: { id: 1, email: 'sam@example.com', phone_number: '0400000000' } },
  ],
});
