import { fromPromise } from 'xstate';
import type {
  ConsoleReservationsQuery,
  ReservationActionCall,
} from '../../../domain/contracts/console-reservations.ts';
import { reservationsPageMachine } from '../../../machines/console-reservations/reservations-page.machine.ts';
import {
  confirmReservation,
  fetchConsoleReservations,
  releaseReservation,
} from '../../../services/console/reservations.service.ts';
import type { ConsolePageDeps } from '../app/console-page-definition.ts';

/** The reservations page's machine, its list and its two decisions bound to the server (with the staff cookie). */
export function reservationsPageLogic({ http }: ConsolePageDeps) {
  return reservationsPageMachine.provide({
    actors: {
      loadReservations: fromPromise(({ input }: { input: ConsoleReservationsQuery }) =>
        fetchConsoleReservations(http, input),
      ),
      confirmSale: fromPromise(({ input }: { input: ReservationActionCall }) =>
        confirmReservation(http, input),
      ),
      releaseHold: fromPromise(({ input }: { input: ReservationActionCall }) =>
        releaseReservation(http, input),
      ),
    },
  });
}
