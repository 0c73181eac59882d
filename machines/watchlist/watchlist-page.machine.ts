import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { WatchlistAnswer } from '../../domain/contracts/watchlist.ts';
import { errorMessage } from '../shared/error-message.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The watchlist page's data: who is asking and their saved cars, or the last failure's message. */
export interface WatchlistPageContext {
  watchlist: WatchlistAnswer | null;
  error: string | null;
}

/** Events the watchlist page accepts. */
export type WatchlistPageEvent = { type: 'retry' };

/**
 * The watchlist page (`search-detail-finance-watchlist.md` §2 "a watchlist page: saved cars"):
 * `loading → ready | failed`, and `failed` accepts `retry`. The server runs it with the shopper's
 * cookie, so the saved cars arrive in the first HTML; sold ones are marked.
 */
export const watchlistPageMachine = setup({
  types: {} as { context: WatchlistPageContext; events: WatchlistPageEvent },
  actors: {
    loadWatchlist: fromPromise<WatchlistAnswer>(notProvided('loadWatchlist')),
  },
  actions: {
    assignWatchlist: assign((_, watchlist: WatchlistAnswer) => ({ watchlist, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
}).createMachine({
  id: 'watchlistPage',
  context: { watchlist: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadWatchlist',
        src: 'loadWatchlist',
        onDone: {
          target: 'ready',
          actions: { type: 'assignWatchlist', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    ready: {},
    failed: { on: { retry: 'loading' } },
  },
});

/** A running watchlist page. */
export type WatchlistPageActorRef = ActorRefFrom<typeof watchlistPageMachine>;
