import type { ActorRefFrom } from 'xstate';
import type { WatchlistAnswer } from '../../domain/contracts/watchlist.ts';
import { createPageLoader } from '../shared/page-loader.ts';

/**
 * The watchlist page (`search-detail-finance-watchlist.md` §2 "a watchlist page: saved cars"):
 * `loading → ready | failed`, and `failed` accepts `retry`. The server runs it with the shopper's
 * cookie, so the saved cars arrive in the first HTML; sold ones are marked.
 */
export const watchlistPageMachine = createPageLoader<WatchlistAnswer>('watchlistPage');

/** A running watchlist page. */
export type WatchlistPageActorRef = ActorRefFrom<typeof watchlistPageMachine>;
