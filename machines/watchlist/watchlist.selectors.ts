import type { SnapshotFrom } from 'xstate';
import type { watchlistMachine } from './watchlist.machine.ts';

type WatchlistSnapshot = SnapshotFrom<typeof watchlistMachine>;

/** Whether the shopper's list has loaded (buttons can act). */
export const selectIsWatchlistReady = (snapshot: WatchlistSnapshot): boolean => snapshot.matches('ready');

/** Whether loading the list failed (the message is `selectWatchlistError`). */
export const selectWatchlistError = (snapshot: WatchlistSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;

/** Whether the shopper is signed in, once the list has loaded (null before: not known yet). */
export const selectIsSignedIn = (snapshot: WatchlistSnapshot): boolean | null =>
  snapshot.matches('ready') ? snapshot.context.signedIn : null;

/** Whether a car is on the list as the shopper sees it. */
export const selectIsSaved =
  (carId: number) =>
  (snapshot: WatchlistSnapshot): boolean =>
    snapshot.context.carIds.includes(carId);

/** Whether a save or remove of this car is still on its way to the server. */
export const selectIsChanging =
  (carId: number) =>
  (snapshot: WatchlistSnapshot): boolean =>
    snapshot.context.queue.some((op) => op.car.id === carId);
