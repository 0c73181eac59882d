import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { HomeContent } from '../../domain/contracts/home.ts';
import type { HomeStock, HomeStockRequest } from '../../domain/home-stock.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** What the home page reads with: the site's stock searches. */
export interface HomePageInput {
  stock: HomeStockRequest;
  /** Unix seconds, fixed for the page's life: the cards' tags ('New' for 8 days) are counted from it. */
  nowSeconds: number;
}

/**
 * The home page's data: the dealer's content, and its stock — `null` when the search could not be
 * reached, so the page still shows the dealer (the stock sections are left out, not the page).
 */
export interface HomePageData {
  content: HomeContent;
  stock: HomeStock | null;
}

/** The home page's context: its data once loaded, the last failure's message, and its input. */
export interface HomePageContext {
  data: HomePageData | null;
  error: string | null;
  input: HomePageInput;
}

/**
 * The home page: loads the dealer's content (`GET /api/home`) and its stock (two limited hit lists);
 * `loading → ready | failed`, and `failed` accepts `retry`. Only the content failing fails the page.
 */
export const homePageMachine = setup({
  types: {} as {
    context: HomePageContext;
    events: { type: 'retry' };
    input: HomePageInput;
  },
  actors: { load: fromPromise<HomePageData, HomePageInput>(notProvided('homePage: load')) },
  actions: {
    assignData: assign((_, data: HomePageData) => ({ data, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
}).createMachine({
  id: 'homePage',
  context: ({ input }) => ({ data: null, error: null, input }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.input,
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    ready: {},
    failed: { on: { retry: 'loading' } },
  },
});

/** A running home page actor. */
export type HomePageActorRef = ActorRefFrom<typeof homePageMachine>;
