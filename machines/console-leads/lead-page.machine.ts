import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { LeadDetail } from '../../domain/contracts/console-leads.ts';
import {
  LEAD_NOTE_MAX,
  LEAD_STATUS_LABELS,
  type LeadNoteCall,
  type LeadResendCall,
  type LeadStatus,
  type LeadStatusCall,
  NOTE_REQUIRED_MESSAGE,
} from '../../domain/lead-inbox.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The lead page's input: the lead's id from its address. */
export interface LeadPageInput {
  leadId: string;
}

/** The lead page's context. */
export interface LeadPageContext {
  leadId: string;
  lead: LeadDetail | null;
  /** Why loading failed. */
  error: string | null;
  /** The change being sent: the status asked for, the note written, the delivery to send again. */
  pending: { status?: LeadStatus; text?: string; delivery?: string } | null;
  /** What the last change did, for the status line. */
  outcome: string | null;
  /** Why the last change was refused (or the note's problem), while it stands. */
  actionError: string | null;
  /** Bumped when a note is saved, so the note field is emptied. */
  notesSaved: number;
}

/** What the member does on the lead's page. */
export type LeadPageEvent =
  | { type: 'retry' }
  | { type: 'status.set'; status: LeadStatus }
  | { type: 'note.add'; text: string }
  | { type: 'delivery.resend'; delivery: string };

const trimmed = (text: string) => text.trim();

/**
 * `/dealer/leads/:id` (issue 36 item 3): a lead's page. `loading → ready | failed (retry)`; in
 * `ready.idle` the member sets its status (`savingStatus`, a status it has already is not sent), adds
 * a note (`addingNote`; an empty or over-long one is refused here with the message the server would
 * give), or sends a given-up delivery again (`resending`; only one the page offers). Each answer is the
 * lead's page as it now is, with the outcome as a status line; a refusal keeps the page as it was.
 */
export const leadPageMachine = setup({
  types: {} as { context: LeadPageContext; events: LeadPageEvent; input: LeadPageInput },
  actors: {
    loadLead: fromPromise<LeadDetail, { leadId: string }>(notProvided('consoleLeadPage: loadLead')),
    setStatus: fromPromise<LeadDetail, LeadStatusCall>(notProvided('consoleLeadPage: setStatus')),
    addNote: fromPromise<LeadDetail, LeadNoteCall>(notProvided('consoleLeadPage: addNote')),
    resendDelivery: fromPromise<LeadDetail, LeadResendCall>(notProvided('consoleLeadPage: resendDelivery')),
  },
  guards: {
    isNewStatus: ({ context, event }) =>
      (event as Extract<LeadPageEvent, { type: 'status.set' }>).status !== context.lead?.status,
    hasNoteText: ({ event }) => {
      const text = trimmed((event as Extract<LeadPageEvent, { type: 'note.add' }>).text);
      return text.length > 0 && text.length <= LEAD_NOTE_MAX;
    },
    canResend: ({ context, event }) => {
      const { delivery } = event as Extract<LeadPageEvent, { type: 'delivery.resend' }>;
      return context.lead?.deliveries.some((d) => d.key === delivery && d.can_resend) === true;
    },
  },
  actions: {
    assignLead: assign((_, lead: LeadDetail) => ({ lead, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    startChange: assign((_, pending: NonNullable<LeadPageContext['pending']>) => ({
      pending,
      outcome: null,
      actionError: null,
    })),
    putChanged: assign(({ context }, lead: LeadDetail) => {
      const pending = context.pending;
      const outcome = pending?.status
        ? `Status set to ${LEAD_STATUS_LABELS[pending.status]}.`
        : pending?.text !== undefined
          ? 'Note added.'
          : 'Queued to be sent again.';
      return {
        lead,
        pending: null,
        outcome,
        actionError: null,
        notesSaved: pending?.text !== undefined ? context.notesSaved + 1 : context.notesSaved,
      };
    }),
    assignActionError: assign((_, error: unknown) => ({ pending: null, actionError: errorMessage(error) })),
    refuseNote: assign(({ event }) => {
      const text = trimmed((event as Extract<LeadPageEvent, { type: 'note.add' }>).text);
      return {
        outcome: null,
        actionError: text.length === 0 ? NOTE_REQUIRED_MESSAGE : `At most ${LEAD_NOTE_MAX} characters`,
      };
    }),
  },
}).createMachine({
  id: 'consoleLeadPage',
  context: ({ input }) => ({
    leadId: input.leadId,
    lead: null,
    error: null,
    pending: null,
    outcome: null,
    actionError: null,
    notesSaved: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadLead',
        src: 'loadLead',
        input: ({ context }) => ({ leadId: context.leadId }),
        onDone: { target: 'ready', actions: { type: 'assignLead', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'status.set': {
              guard: 'isNewStatus',
              target: 'savingStatus',
              actions: { type: 'startChange', params: ({ event }) => ({ status: event.status }) },
            },
            'note.add': [
              {
                guard: 'hasNoteText',
                target: 'addingNote',
                actions: { type: 'startChange', params: ({ event }) => ({ text: trimmed(event.text) }) },
              },
              { actions: 'refuseNote' },
            ],
            'delivery.resend': {
              guard: 'canResend',
              target: 'resending',
              actions: { type: 'startChange', params: ({ event }) => ({ delivery: event.delivery }) },
            },
          },
        },
        savingStatus: {
          tags: 'busy',
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: ({ context }) => ({ leadId: context.leadId, status: context.pending?.status ?? 'new' }),
            onDone: { target: 'idle', actions: { type: 'putChanged', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'assignActionError', params: errorOf } },
          },
        },
        addingNote: {
          tags: 'busy',
          invoke: {
            id: 'addNote',
            src: 'addNote',
            input: ({ context }) => ({ leadId: context.leadId, text: context.pending?.text ?? '' }),
            onDone: { target: 'idle', actions: { type: 'putChanged', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'assignActionError', params: errorOf } },
          },
        },
        resending: {
          tags: 'busy',
          invoke: {
            id: 'resendDelivery',
            src: 'resendDelivery',
            input: ({ context }) => ({ leadId: context.leadId, delivery: context.pending?.delivery ?? '' }),
            onDone: { target: 'idle', actions: { type: 'putChanged', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'assignActionError', params: errorOf } },
          },
        },
      },
    },
  },
});

/** A running lead page. */
export type LeadPageActorRef = ActorRefFrom<typeof leadPageMachine>;
