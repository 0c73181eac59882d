import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { ConfirmedSearch, ConfirmSearchCall } from '../../domain/contracts/saved-searches.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The page's input: the token of the confirmation email's link. */
export interface ConfirmSearchInput {
  token: string;
}

/** The page's context: the token, the search once confirmed, the last failure's message. */
export interface ConfirmSearchContext {
  token: string;
  search: ConfirmedSearch | null;
  error: string | null;
}

/**
 * `/saved-searches/confirm?token=…` (issue 37 item 9): confirms a search saved with just an email,
 * from the confirmation email's link, without signing in. Opening the link changes nothing — a mail
 * scanner that opens it confirms nobody's search — the shopper confirms: `waiting → confirming →
 * confirmed | failed`, and `failed` accepts the confirmation again (the server says why it refused).
 */
export const confirmSearchMachine = setup({
  types: {} as { context: ConfirmSearchContext; events: { type: 'confirm' }; input: ConfirmSearchInput },
  actors: {
    confirmSearch: fromPromise<ConfirmedSearch, ConfirmSearchCall>(
      notProvided('confirmSearch: confirmSearch'),
    ),
  },
}).createMachine({
  id: 'confirmSearch',
  context: ({ input }) => ({ token: input.token, search: null, error: null }),
  initial: 'waiting',
  states: {
    waiting: { on: { confirm: 'confirming' } },
    confirming: {
      invoke: {
        id: 'confirmSearch',
        src: 'confirmSearch',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'confirmed',
          actions: assign({ search: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessage(errorOf({ event })) }),
        },
      },
    },
    confirmed: { type: 'final' },
    failed: { on: { confirm: 'confirming' } },
  },
});

/** A running confirmation page. */
export type ConfirmSearchActorRef = ActorRefFrom<typeof confirmSearchMachine>;
