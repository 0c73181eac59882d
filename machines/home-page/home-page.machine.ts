import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { HomeContent } from '../../domain/contracts/home.ts';
import { errorMessage } from '../shared/error-message.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The home page's context: the loaded content, or the message of the last failure. */
export interface HomePageContext {
  home: HomeContent | null;
  error: string | null;
}

/** Events the home page accepts. */
export type HomePageEvent = { type: 'retry' };

/**
 * The home page: `loading → ready | failed`, and `failed` accepts `retry`.
 * The server runs it to a settled state and embeds the persisted snapshot; the browser restores it.
 */
export const homePageMachine = setup({
  types: {} as { context: HomePageContext; events: HomePageEvent },
  actors: {
    loadHome: fromPromise<HomeContent>(notProvided('loadHome')),
  },
  actions: {
    assignHome: assign((_, home: HomeContent) => ({ home, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
}).createMachine({
  id: 'homePage',
  context: { home: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadHome',
        src: 'loadHome',
        onDone: { target: 'ready', actions: { type: 'assignHome', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    ready: {},
    failed: {
      on: { retry: 'loading' },
    },
  },
});

/** A running home page actor. */
export type HomePageActorRef = ActorRefFrom<typeof homePageMachine>;
