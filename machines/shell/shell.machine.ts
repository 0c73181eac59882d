import { type ActorRefFrom, sendTo, setup } from 'xstate';
import type { AuthUser } from '../../domain/contracts/session.ts';
import { compareMachine } from '../compare/compare.machine.ts';
import { favouritesMachine } from '../favourites/favourites.machine.ts';
import { watchlistMachine } from '../watchlist/watchlist.machine.ts';

/**
 * Events of the shell: the app hydrated (its first render in the browser is done), and the session
 * changed on a page (signed in or out, phone added).
 */
export type ShellEvent = { type: 'app.hydrated' } | { type: 'session.change'; user: AuthUser | null };

/**
 * The app's root actor (decision 075): it owns what lives across pages — the shopper's watchlist and
 * local favourites and the compare tray — as children registered under the `systemId`s `watchlist`,
 * `favourites` and `compare`. Page
 * actors run in its system (the page host starts them with the shell as parent), so a page machine
 * reaches these through `system.get(...)` rather than a view forwarding events. Once the app has
 * hydrated (`app.hydrated`, sent once by the shell's view) the watchlist reads the shopper's list, so
 * the server's render and hydration agree and no save button asks for it; a change of session makes
 * it read the list afresh.
 */
export const shellMachine = setup({
  types: {} as {
    events: ShellEvent;
    children: { watchlist: 'watchlist'; favourites: 'favourites'; compare: 'compare' };
  },
  actors: { watchlist: watchlistMachine, favourites: favouritesMachine, compare: compareMachine },
}).createMachine({
  id: 'shell',
  invoke: [
    { id: 'watchlist', systemId: 'watchlist', src: 'watchlist' },
    { id: 'favourites', systemId: 'favourites', src: 'favourites' },
    { id: 'compare', systemId: 'compare', src: 'compare' },
  ],
  on: {
    'app.hydrated': { actions: sendTo('watchlist', { type: 'list.load' }) },
    'session.change': { actions: sendTo('watchlist', { type: 'session.refresh' }) },
  },
});

/** A running shell. */
export type ShellActorRef = ActorRefFrom<typeof shellMachine>;
