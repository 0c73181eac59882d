import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { ItemSearchResult, ItemSearchState } from '../../domain/item-search.ts';
import type { SearchEndpoint } from '../../domain/search-result.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/**
 * The parts and accessories search page (`domain/item-search.ts`). Its state is the address: a new
 * query, category, top price or page is a new address and a new page actor (the page is
 * `queryKeyed`), served from the query cache when it was searched before. So the machine only reads:
 * `loading → ready | failed`, and `failed` accepts `retry`.
 */
export interface ItemSearchInput {
  endpoint: SearchEndpoint;
  /** The `items` index. */
  index: string;
  state: ItemSearchState;
}

/** What `runItemSearch` receives. */
export type RunItemSearchInput = ItemSearchInput;

/** The page's context: what it searches, the result once it answered, the last failure's message. */
export interface ItemSearchContext {
  input: ItemSearchInput;
  result: ItemSearchResult | null;
  error: string | null;
}

export const itemSearchMachine = setup({
  types: {} as { context: ItemSearchContext; events: { type: 'retry' }; input: ItemSearchInput },
  actors: {
    runItemSearch: fromPromise<ItemSearchResult, RunItemSearchInput>(
      notProvided('itemSearch: runItemSearch'),
    ),
  },
  actions: {
    assignResult: assign((_, result: ItemSearchResult) => ({ result, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
}).createMachine({
  id: 'itemSearch',
  context: ({ input }) => ({ input, result: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'runItemSearch',
        src: 'runItemSearch',
        input: ({ context }) => context.input,
        onDone: { target: 'ready', actions: { type: 'assignResult', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    ready: {},
    failed: { on: { retry: 'loading' } },
  },
});

/** A running parts search page. */
export type ItemSearchActorRef = ActorRefFrom<typeof itemSearchMachine>;
