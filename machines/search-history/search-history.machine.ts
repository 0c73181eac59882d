import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import {
  readSearchHistory,
  rememberSearch,
  type SearchHistorySave,
  searchHistoryKey,
} from '../../domain/search-history.ts';
import type { SearchState } from '../../domain/search-state.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The history's context: the last searches, newest first, and the message of the last failure. */
export interface SearchHistoryContext {
  history: SearchState[];
  /** The latest search shown while the history was still loading: remembered once it has loaded. */
  pending: SearchState | null;
  error: string | null;
}

/** Events the search history accepts. */
export type SearchHistoryEvent =
  /** A search was shown: it goes first (once), the oldest beyond 5 drops (doc 2 §4, §9). */
  | { type: 'search.remember'; search: SearchState }
  | { type: 'history.clear' }
  /** Loads or saves again after a failure. */
  | { type: 'retry' };

const sameHistory = (a: readonly SearchState[], b: readonly SearchState[]): boolean =>
  a.length === b.length &&
  a.every((search, index) => searchHistoryKey(search) === searchHistoryKey(b[index] ?? {}));

/**
 * Search history (`locations-forms-tradein-site.md` §4 "Toasts and history", §9): `loading`, then
 * `loaded` (`ready ⇄ saving`, or `saveFailed`), or `loadFailed`. A search shown while loading is
 * remembered once the stored history is in. Storage is reached only through the
 * `loadHistory` / `saveHistory` actors (bound to `localStorage` in `views/app/wiring.ts`); what is
 * read back is checked by `readSearchHistory`, and a change is saved at once (a newer change restarts
 * the save, so the last one wins).
 */
export const searchHistoryMachine = setup({
  types: {} as { context: SearchHistoryContext; events: SearchHistoryEvent },
  actors: {
    /** The stored value as it was saved (anything: it is checked on the way in). */
    loadHistory: fromPromise<unknown>(notProvided('loadHistory')),
    saveHistory: fromPromise<void, SearchHistorySave>(notProvided('saveHistory')),
  },
  guards: {
    changesHistory: ({ context }, search: SearchState) =>
      !sameHistory(rememberSearch(context.history, search), context.history),
    hasHistory: ({ context }) => context.history.length > 0,
    hasPending: ({ context }) => context.pending !== null,
  },
  actions: {
    assignStored: assign((_, stored: unknown) => ({ history: readSearchHistory(stored), error: null })),
    assignRemembered: assign(({ context }, search: SearchState) => ({
      history: rememberSearch(context.history, search),
    })),
    clearHistory: assign({ history: [] }),
    assignPending: assign((_, search: SearchState) => ({ pending: search })),
    rememberPending: assign(({ context }) => ({
      history: context.pending ? rememberSearch(context.history, context.pending) : context.history,
      pending: null,
    })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'searchHistory',
  context: { history: [], pending: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      on: {
        'search.remember': { actions: { type: 'assignPending', params: ({ event }) => event.search } },
      },
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        onDone: {
          target: 'loaded',
          actions: {
            type: 'assignStored',
            params: ({ event }: { event: { output: unknown } }) => event.output,
          },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignError', params: errorOf },
        },
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    loaded: {
      initial: 'ready',
      on: {
        'search.remember': {
          guard: { type: 'changesHistory', params: ({ event }) => event.search },
          target: '.saving',
          reenter: true,
          actions: { type: 'assignRemembered', params: ({ event }) => event.search },
        },
        'history.clear': { guard: 'hasHistory', target: '.saving', reenter: true, actions: 'clearHistory' },
      },
      states: {
        ready: {
          always: { guard: 'hasPending', target: 'saving', actions: 'rememberPending' },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'saveHistory',
            src: 'saveHistory',
            input: ({ context }) => ({ history: context.history }),
            onDone: { target: 'ready', actions: 'clearError' },
            onError: {
              target: 'saveFailed',
              actions: {
                type: 'assignError',
                params: errorOf,
              },
            },
          },
        },
        saveFailed: {
          on: { retry: 'saving' },
        },
      },
    },
  },
});

/** A running search history (the search page's child). */
export type SearchHistoryActorRef = ActorRefFrom<typeof searchHistoryMachine>;
