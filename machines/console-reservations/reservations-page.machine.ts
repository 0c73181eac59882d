import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { recount, reservationOutcome } from '../../domain/console-reservations.ts';
import type {
  ConsoleReservation,
  ConsoleReservationsAnswer,
  ConsoleReservationsQuery,
  ReservationActionCall,
} from '../../domain/contracts/console-reservations.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { loadingRegion } from '../shared/page-loader.ts';

/** What the dealer may do with a live hold. */
export type ReservationAction = 'confirm' | 'release';

/** The decision the dealer is asked to confirm, or is being made. */
export interface PendingDecision {
  action: ReservationAction;
  reservation: string;
}

/** The reservations page's context. */
export interface ReservationsPageContext {
  /** The filter the page's address names (`?state=`), or every reservation. */
  input: ConsoleReservationsQuery;
  data: ConsoleReservationsAnswer | null;
  /** Why loading failed. */
  error: string | null;
  /** The decision asked for (the dialog is open), or being made. */
  pending: PendingDecision | null;
  /** What the last decision did, for the status line. */
  outcome: string | null;
  /** Why the last decision was refused (the server's message), while it stands. */
  decisionError: string | null;
}

/** What the dealer does on the page. */
export type ReservationsPageEvent =
  | { type: 'retry' }
  | { type: 'list.reload' }
  | { type: 'decision.ask'; action: ReservationAction; reservation: string }
  | { type: 'decision.cancel' }
  | { type: 'decision.confirm' };

const replaced = (list: readonly ConsoleReservation[], next: ConsoleReservation): ConsoleReservation[] =>
  list.map((reservation) => (reservation.id === next.id ? next : reservation));

/**
 * `/dealer/reservations` (issue 36 item 4): the site's reservations by state with the time left on
 * each hold; a live hold's sale confirmed or its hold released, each behind a confirmation.
 * `loading → ready | failed (retry)`; in `ready`, `decision.ask` opens the question for a live hold
 * (`asking`), `decision.confirm` sends it (`confirming` / `releasing`), and its answer replaces the
 * reservation in the list with the outcome as a status line — or leaves the list as it was with the
 * server's refusal (already decided, the hold ran out), which `list.reload` refreshes.
 */
export const reservationsPageMachine = setup({
  types: {} as {
    context: ReservationsPageContext;
    events: ReservationsPageEvent;
    input: ConsoleReservationsQuery;
  },
  actors: {
    loadReservations: fromPromise<ConsoleReservationsAnswer, ConsoleReservationsQuery>(
      notProvided('consoleReservationsPage: loadReservations'),
    ),
    confirmSale: fromPromise<ConsoleReservation, ReservationActionCall>(
      notProvided('consoleReservationsPage: confirmSale'),
    ),
    releaseHold: fromPromise<ConsoleReservation, ReservationActionCall>(
      notProvided('consoleReservationsPage: releaseHold'),
    ),
  },
  guards: {
    isLiveHold: ({ context, event }) => {
      const asked = event as Extract<ReservationsPageEvent, { type: 'decision.ask' }>;
      return (
        context.data?.reservations.some((r) => r.id === asked.reservation && r.state === 'held') === true
      );
    },
    isConfirming: ({ context }) => context.pending?.action === 'confirm',
  },
  actions: {
    assignData: assign((_, data: ConsoleReservationsAnswer) => ({ data, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    askDecision: assign((_, pending: PendingDecision) => ({ pending, decisionError: null, outcome: null })),
    dropDecision: assign({ pending: null }),
    putDecided: assign(({ context }, decided: ConsoleReservation) => {
      const before = context.data?.reservations.find((r) => r.id === decided.id);
      const action = context.pending?.action ?? 'confirm';
      return {
        data: context.data && {
          ...context.data,
          reservations: replaced(context.data.reservations, decided),
          counts: before ? recount(context.data.counts, before.state, decided.state) : context.data.counts,
        },
        pending: null,
        outcome: reservationOutcome(action, decided.car.name),
        decisionError: null,
      };
    }),
    assignDecisionError: assign((_, error: unknown) => ({
      pending: null,
      decisionError: errorMessage(error),
      outcome: null,
    })),
  },
}).createMachine({
  id: 'consoleReservationsPage',
  context: ({ input }) => ({
    input,
    data: null,
    error: null,
    pending: null,
    outcome: null,
    decisionError: null,
  }),
  initial: 'loading',
  states: {
    ...loadingRegion<'loadReservations', ConsoleReservationsAnswer, ConsoleReservationsQuery>(
      'loadReservations',
    ),
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'list.reload': {
              target: '#consoleReservationsPage.loading',
              actions: assign({ decisionError: null, outcome: null }),
            },
            'decision.ask': {
              guard: 'isLiveHold',
              target: 'asking',
              actions: {
                type: 'askDecision',
                params: ({ event }) => ({ action: event.action, reservation: event.reservation }),
              },
            },
          },
        },
        asking: {
          on: {
            'decision.cancel': { target: 'idle', actions: 'dropDecision' },
            'decision.confirm': [{ guard: 'isConfirming', target: 'confirming' }, { target: 'releasing' }],
          },
        },
        confirming: {
          tags: 'busy',
          invoke: {
            id: 'confirmSale',
            src: 'confirmSale',
            input: ({ context }) => ({ reservation: context.pending?.reservation ?? '' }),
            onDone: { target: 'idle', actions: { type: 'putDecided', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'assignDecisionError', params: errorOf } },
          },
        },
        releasing: {
          tags: 'busy',
          invoke: {
            id: 'releaseHold',
            src: 'releaseHold',
            input: ({ context }) => ({ reservation: context.pending?.reservation ?? '' }),
            onDone: { target: 'idle', actions: { type: 'putDecided', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'assignDecisionError', params: errorOf } },
          },
        },
      },
    },
  },
});

/** A running reservations page. */
export type ReservationsPageActorRef = ActorRefFrom<typeof reservationsPageMachine>;
