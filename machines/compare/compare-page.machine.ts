import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { CompareAnswer } from '../../domain/contracts/compare.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The comparison's input: the cars its address names (`domain/compare.ts` `parseCompareSlugs`). */
export interface ComparePageInput {
  slugs: string[];
}

/** The page's context: what it compares, the cars once loaded, the last failure's message. */
export interface ComparePageContext {
  slugs: string[];
  data: CompareAnswer | null;
  error: string | null;
}

/**
 * `/compare?cars=…` (issue 19 item 1): loads the cars its address names (`loadComparison`, bound in
 * the wiring); `loading → ready | failed`, and `failed` accepts `retry`. The address is the
 * comparison, so a new address is a new page actor (the page is `queryKeyed`).
 */
export const comparePageMachine = setup({
  types: {} as { context: ComparePageContext; events: { type: 'retry' }; input: ComparePageInput },
  actors: {
    loadComparison: fromPromise<CompareAnswer, ComparePageInput>(notProvided('comparePage: loadComparison')),
  },
  actions: {
    assignData: assign((_, data: CompareAnswer) => ({ data, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
}).createMachine({
  id: 'comparePage',
  context: ({ input }) => ({ slugs: input.slugs, data: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadComparison',
        src: 'loadComparison',
        input: ({ context }) => ({ slugs: context.slugs }),
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    ready: {},
    failed: { on: { retry: 'loading' } },
  },
});

/** A running comparison page. */
export type ComparePageActorRef = ActorRefFrom<typeof comparePageMachine>;
