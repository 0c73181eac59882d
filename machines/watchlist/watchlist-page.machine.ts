import { type ActorRefFrom, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { WatchlistAnswer } from '../../domain/contracts/watchlist.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The page's data, whether the shown list is out of date, and the last failure's message. */
export interface WatchlistPageContext {
  data: WatchlistAnswer | null;
  /** The shopper's list changed while it was loading: load it again once this load ends. */
  stale: boolean;
  error: string | null;
}

/** Events of the page: `retry` once loading failed; `list.changed` when a save or removal elsewhere changed the list. */
export type WatchlistPageEvent = { type: 'retry' } | { type: 'list.changed' };

/**
 * The rows a fresh read adds to the shown list: cars saved since, first (the list is newest first),
 * then every row already shown — a car removed on this page keeps its row, so it can be saved again
 * until the page is left — with the fresh read's details where it has them.
 */
function mergeList(shown: WatchlistAnswer | null, fresh: WatchlistAnswer): WatchlistAnswer {
  if (!shown) return fresh;
  const freshById = new Map(fresh.cars.map((car) => [car.id, car]));
  const shownIds = new Set(shown.cars.map((car) => car.id));
  return {
    ...fresh,
    cars: [
      ...fresh.cars.filter((car) => !shownIds.has(car.id)),
      ...shown.cars.map((car) => freshById.get(car.id) ?? car),
    ],
  };
}

/**
 * The watchlist page (`search-detail-finance-watchlist.md` §2 "a watchlist page: saved cars"):
 * `loading → ready | failed`, and `failed` accepts `retry`. The server runs it with the shopper's
 * cookie, so the saved cars arrive in the first HTML; sold ones are marked. The page follows the
 * shopper's list while it shows (`followList`, bound in its wiring): a save the app's watchlist makes
 * meanwhile — the one a shopper asked for before signing in, made once they are back (issue 31 item
 * 21) — sends `list.changed`, and the page reads the list again (`refreshing`, without leaving the
 * shown list), or once more after a load that was already on its way.
 */
export const watchlistPageMachine = setup({
  types: {} as { context: WatchlistPageContext; events: WatchlistPageEvent },
  actors: {
    load: fromPromise<WatchlistAnswer>(notProvided('watchlistPage: load')),
    /** The shopper's list changing elsewhere, as `list.changed` (none unless the wiring binds it). */
    followList: fromCallback<WatchlistPageEvent>(() => () => undefined),
  },
  guards: {
    isStale: ({ context }) => context.stale,
  },
  actions: {
    assignData: assign((_, data: WatchlistAnswer) => ({ data, error: null, stale: false })),
    mergeData: assign(({ context }, data: WatchlistAnswer) => ({
      data: mergeList(context.data, data),
      error: null,
    })),
    markStale: assign({ stale: true }),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error), stale: false })),
  },
}).createMachine({
  id: 'watchlistPage',
  context: { data: null, stale: false, error: null },
  invoke: { id: 'followList', src: 'followList' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      on: { 'list.changed': { actions: 'markStale' } },
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            guard: 'isStale',
            target: 'refreshing',
            actions: { type: 'assignData', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'assignData', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    ready: { on: { 'list.changed': 'refreshing' } },
    /** The list stays shown while it is read again. */
    refreshing: {
      on: { 'list.changed': { actions: 'markStale' } },
      invoke: {
        id: 'reload',
        src: 'load',
        onDone: [
          {
            guard: 'isStale',
            target: 'refreshing',
            reenter: true,
            actions: [{ type: 'mergeData', params: ({ event }) => event.output }, assign({ stale: false })],
          },
          { target: 'ready', actions: { type: 'mergeData', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    failed: { on: { retry: 'loading' } },
  },
});

/** A running watchlist page. */
export type WatchlistPageActorRef = ActorRefFrom<typeof watchlistPageMachine>;
