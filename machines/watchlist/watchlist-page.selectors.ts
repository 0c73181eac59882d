import type { SnapshotFrom } from 'xstate';
import type { WatchlistAnswer } from '../../domain/contracts/watchlist.ts';
import type { watchlistPageMachine } from './watchlist-page.machine.ts';

type WatchlistPageSnapshot = SnapshotFrom<typeof watchlistPageMachine>;

/** Whether the page is still loading. */
export const selectIsPageLoading = (snapshot: WatchlistPageSnapshot): boolean => snapshot.hasTag('loading');

/** The loaded watchlist, once ready. */
export const selectPageWatchlist = (snapshot: WatchlistPageSnapshot): WatchlistAnswer | null =>
  snapshot.context.data;

/** The failure message, when loading failed. */
export const selectPageError = (snapshot: WatchlistPageSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
