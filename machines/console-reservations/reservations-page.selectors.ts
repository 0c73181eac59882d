import type { SnapshotFrom } from 'xstate';
import {
  confirmSaleQuestion,
  type ReservationFilter,
  releaseHoldQuestion,
} from '../../domain/console-reservations.ts';
import type { ConsoleReservation, ReservationCounts } from '../../domain/contracts/console-reservations.ts';
import type { ReservationAction, reservationsPageMachine } from './reservations-page.machine.ts';

type ReservationsPageSnapshot = SnapshotFrom<typeof reservationsPageMachine>;

/** Whether the list is loading. */
export const selectIsLoading = (snapshot: ReservationsPageSnapshot): boolean => snapshot.hasTag('loading');

/** Why loading failed, or null. */
export const selectError = (snapshot: ReservationsPageSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;

/** The filter the page shows (null: every reservation). */
export const selectFilter = (snapshot: ReservationsPageSnapshot): ReservationFilter | null =>
  snapshot.context.input.state;

/** The reservations listed, the newest first; empty until loaded. */
export const selectReservations = (snapshot: ReservationsPageSnapshot): readonly ConsoleReservation[] =>
  snapshot.context.data?.reservations ?? [];

/** How many reservations each filter holds, once loaded. */
export const selectCounts = (snapshot: ReservationsPageSnapshot): ReservationCounts | null =>
  snapshot.context.data?.counts ?? null;

/** The dealer's time zone, which the list's times are shown in. */
export const selectTimeZone = (snapshot: ReservationsPageSnapshot): string =>
  snapshot.context.data?.time_zone ?? 'Australia/Sydney';

/** The decision the dialog asks about: its action, its reservation, the question naming the car and deposit. */
export interface DecisionQuestion {
  action: ReservationAction;
  reservation: ConsoleReservation;
  title: string;
  question: string;
  /** The button that makes the decision. */
  confirmLabel: string;
  /** Whether it is being sent (the dialog's buttons wait). */
  busy: boolean;
}

/** The open question (the dialog), or null when none is asked. */
export const selectQuestion = (snapshot: ReservationsPageSnapshot): DecisionQuestion | null => {
  const pending = snapshot.context.pending;
  if (!pending) return null;
  const reservation = snapshot.context.data?.reservations.find((r) => r.id === pending.reservation);
  if (!reservation) return null;
  const busy = snapshot.hasTag('busy');
  return pending.action === 'confirm'
    ? {
        action: 'confirm',
        reservation,
        title: 'Confirm the sale?',
        question: confirmSaleQuestion(reservation.car.name, reservation.deposit.amount),
        confirmLabel: busy ? 'Confirming the sale…' : 'Confirm sale',
        busy,
      }
    : {
        action: 'release',
        reservation,
        title: 'Release the hold?',
        question: releaseHoldQuestion(reservation.car.name, reservation.deposit.amount),
        confirmLabel: busy ? 'Releasing the hold…' : 'Release hold',
        busy,
      };
};

/** What the last decision did, for the status line; null otherwise. */
export const selectOutcome = (snapshot: ReservationsPageSnapshot): string | null => snapshot.context.outcome;

/** Why the last decision was refused, or null. */
export const selectDecisionError = (snapshot: ReservationsPageSnapshot): string | null =>
  snapshot.context.decisionError;

/** Whether a reservation's actions are offered now: a live hold, while no other decision is asked or sent. */
export const selectCanDecide = (snapshot: ReservationsPageSnapshot): boolean =>
  snapshot.matches({ ready: 'idle' });
