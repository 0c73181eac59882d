import { fromPromise } from 'xstate';
import { watchlistPageMachine } from '../../machines/watchlist/watchlist-page.machine.ts';
import type { AppDeps } from '../app/app-deps.ts';
import { watchlistRead } from '../app/wiring.ts';

/** The watchlist page's machine: the saved cars, read with the shopper's cookie (also when rendering). */
export function watchlistPageLogic(deps: AppDeps) {
  return watchlistPageMachine.provide({ actors: { load: fromPromise(watchlistRead(deps)) } });
}
