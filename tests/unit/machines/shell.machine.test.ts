import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FavouriteCar } from '../../../domain/watchlist.ts';
import { favouritesMachine } from '../../../machines/favourites/favourites.machine.ts';
import { shellMachine } from '../../../machines/shell/shell.machine.ts';
import {
  type WatchlistSnapshotData,
  watchlistMachine,
} from '../../../machines/watchlist/watchlist.machine.ts';
import { selectIsSignedIn } from '../../../machines/watchlist/watchlist.selectors.ts';

/** The shell with a watchlist whose server answers what the test says the session is now. */
function start() {
  const session = { signedIn: false, loads: 0 };
  const shell = createActor(
    shellMachine.provide({
      actors: {
        watchlist: watchlistMachine.provide({
          actors: {
            loadWatchlist: fromPromise<WatchlistSnapshotData>(async () => {
              session.loads += 1;
              return {
                signedIn: session.signedIn,
                phoneNumber: session.signedIn ? '0400111222' : null,
                carIds: [],
              };
            }),
          },
        }),
        favourites: favouritesMachine.provide({
          actors: { readFavourites: fromPromise<FavouriteCar[]>(async () => []) },
        }),
      },
    }),
    { systemId: 'shell' },
  ).start();
  return { shell, session };
}

describe('app shell (decision 075)', () => {
  it('owns the watchlist and favourites under their systemIds', () => {
    const { shell } = start();
    expect(shell.system.get('watchlist')).toBe(shell.getSnapshot().children.watchlist);
    expect(shell.system.get('favourites')).toBe(shell.getSnapshot().children.favourites);
    expect(shell.system.get('shell')).toBe(shell);
  });

  it('a change of session loads a watchlist nobody asked for yet, and reads it afresh after', async () => {
    const { shell, session } = start();
    const watchlist = shell.getSnapshot().children.watchlist;
    if (!watchlist) throw new Error('no watchlist');
    expect(selectIsSignedIn(watchlist.getSnapshot())).toBeNull();
    session.signedIn = true;
    shell.send({
      type: 'session.change',
      user: { id: 1, email: 'sam@example.com', phone_number: '0400111222' },
    });
    await waitFor(watchlist, (snapshot) => selectIsSignedIn(snapshot) === true);
    session.signedIn = false;
    shell.send({ type: 'session.change', user: null });
    await waitFor(watchlist, (snapshot) => selectIsSignedIn(snapshot) === false);
    expect(session.loads).toBeGreaterThanOrEqual(2);
  });

  it('loads the watchlist once the app has hydrated, and not before', async () => {
    const { shell, session } = start();
    const watchlist = shell.getSnapshot().children.watchlist;
    if (!watchlist) throw new Error('no watchlist');
    expect(watchlist.getSnapshot().value).toBe('unloaded');
    expect(session.loads).toBe(0);
    shell.send({ type: 'app.hydrated' });
    await waitFor(watchlist, (snapshot) => selectIsSignedIn(snapshot) === false);
    expect(session.loads).toBe(1);
  });
});
