import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { UnsubscribeCall } from '../../domain/contracts/saved-searches.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The page's input: the token of the alert email's link. */
export interface UnsubscribeInput {
  token: string;
}

/** The page's context: the token, the searches' names once stopped, the last failure's message. */
export interface UnsubscribeContext {
  token: string;
  names: string[];
  error: string | null;
}

/**
 * `/saved-searches/unsubscribe?token=…` (issue 19 item 2): stops one saved search's emails from an
 * alert email's link, without signing in. Opening the link changes nothing — a mail scanner that opens
 * it unsubscribes nobody — the shopper confirms: `confirming → unsubscribing → done | failed`, and
 * `failed` accepts the confirmation again (a link cut short is refused by the server, with its message).
 */
export const unsubscribeMachine = setup({
  types: {} as { context: UnsubscribeContext; events: { type: 'confirm' }; input: UnsubscribeInput },
  actors: { unsubscribe: fromPromise<string[], UnsubscribeCall>(notProvided('unsubscribe: unsubscribe')) },
}).createMachine({
  id: 'unsubscribe',
  context: ({ input }) => ({ token: input.token, names: [], error: null }),
  initial: 'confirming',
  states: {
    confirming: { on: { confirm: 'unsubscribing' } },
    unsubscribing: {
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'done', actions: assign({ names: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessage(errorOf({ event })) }),
        },
      },
    },
    done: { type: 'final' },
    failed: { on: { confirm: 'unsubscribing' } },
  },
});

/** A running unsubscribe page. */
export type UnsubscribeActorRef = ActorRefFrom<typeof unsubscribeMachine>;
