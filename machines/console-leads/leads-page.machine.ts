import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { LeadInbox } from '../../domain/contracts/console-leads.ts';
import type { LeadFilters, LeadInboxCall } from '../../domain/lead-inbox.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The inbox page's input: the filters its address names (`?type=&status=&…`). */
export interface LeadsPageInput {
  filters: LeadFilters;
}

/** The inbox page's context. */
export interface LeadsPageContext {
  filters: LeadFilters;
  /** The leads loaded so far (every page), with the last page's cursor and the filters' options. */
  data: LeadInbox | null;
  /** Why the first page failed. */
  error: string | null;
  /** Why the next page failed, while it stands. */
  moreError: string | null;
}

/** What the member does on the page (the filters change the address, so they are a new page). */
export type LeadsPageEvent = { type: 'retry' } | { type: 'list.more' };

/**
 * `/dealer/leads` (issue 36 item 3): the site's leads, newest first, filtered by the page's address.
 * `loading → ready | failed (retry)`; in `ready`, `list.more` loads the next (older) page while there is
 * one (`loadingMore`) and appends it, or keeps the list with the error to try again.
 */
export const leadsPageMachine = setup({
  types: {} as { context: LeadsPageContext; events: LeadsPageEvent; input: LeadsPageInput },
  actors: {
    loadLeads: fromPromise<LeadInbox, LeadInboxCall>(notProvided('consoleLeadsPage: loadLeads')),
  },
  guards: {
    hasMore: ({ context }) => context.data?.next != null,
  },
  actions: {
    assignData: assign((_, data: LeadInbox) => ({ data, error: null })),
    appendPage: assign(({ context }, page: LeadInbox) => ({
      data: context.data ? { ...page, leads: [...context.data.leads, ...page.leads] } : page,
      moreError: null,
    })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    assignMoreError: assign((_, error: unknown) => ({ moreError: errorMessage(error) })),
  },
}).createMachine({
  id: 'consoleLeadsPage',
  context: ({ input }) => ({ filters: input.filters, data: null, error: null, moreError: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadLeads',
        src: 'loadLeads',
        input: ({ context }) => ({ filters: context.filters, after: null }),
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: { on: { 'list.more': { guard: 'hasMore', target: 'loadingMore' } } },
    loadingMore: {
      tags: 'busy',
      invoke: {
        id: 'loadMoreLeads',
        src: 'loadLeads',
        input: ({ context }) => ({ filters: context.filters, after: context.data?.next ?? null }),
        onDone: { target: 'ready', actions: { type: 'appendPage', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'assignMoreError', params: errorOf } },
      },
    },
  },
});

/** A running inbox page. */
export type LeadsPageActorRef = ActorRefFrom<typeof leadsPageMachine>;
