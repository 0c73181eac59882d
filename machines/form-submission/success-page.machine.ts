import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { LeadSuccess } from '../../domain/lead.ts';
import { notProvided } from '../shared/not-provided.ts';

/**
 * `/success` (both documents §2: "Shown after a lead is created"): `loading → ready`. It reads what
 * the sent form stored locally (the category, and the car of an enquiry), so the page can thank the
 * shopper for the right thing; with nothing stored (a first load, the server, storage switched off)
 * it thanks them in general. Reading never fails (`services/leads/lead-success.storage.ts`), so the
 * page has no failure state: a thank-you is never an error page.
 */
export const successPageMachine = setup({
  types: {} as { context: { sent: LeadSuccess | null } },
  actors: { load: fromPromise<LeadSuccess | null>(notProvided('successPage: load')) },
  actions: { assignSent: assign((_, sent: LeadSuccess | null) => ({ sent })) },
}).createMachine({
  id: 'successPage',
  context: { sent: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'assignSent', params: ({ event }) => event.output } },
      },
    },
    ready: {},
  },
});

/** A running success page. */
export type SuccessPageActorRef = ActorRefFrom<typeof successPageMachine>;
