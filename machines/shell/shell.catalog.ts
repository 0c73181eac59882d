import { defineCatalogEntry } from '../catalog.types.ts';
import { shellMachine } from './shell.machine.ts';

/** The shell's path tests: hydration and a change of session are taken in its one resting state. */
export const shellCatalogEntry = defineCatalogEntry(shellMachine, {
  summary:
    'App shell: owns the watchlist and favourites; hydration loads the watchlist, a session change reloads it',
  promiseInvokes: {},
  events: [
    { type: 'app.hydrated' },
    { type: 'session.change', user: null },
    { type: 'session.change', user: { id: 1, email: 'sam@example.com', phone_number: '0400000000' } },
  ],
});
