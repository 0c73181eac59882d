import { fromCallback, fromPromise } from 'xstate';
import { watchlistPageMachine } from '../../machines/watchlist/watchlist-page.machine.ts';
import type { AppDeps } from '../app/app-deps.ts';
import { onWatchlistChanged, watchlistRead } from '../app/wiring.ts';

/**
 * The watchlist page's machine: the saved cars, read with the shopper's cookie (also when rendering),
 * and read again when a save or removal of the app's watchlist marks the list out of date.
 */
export function watchlistPageLogic(deps: AppDeps) {
  return watchlistPageMachine.provide({
    actors: {
      load: fromPromise(watchlistRead(deps)),
      followList: fromCallback(({ sendBack }) =>
        onWatchlistChanged(deps, () => sendBack({ type: 'list.changed' })),
      ),
    },
  });
}
