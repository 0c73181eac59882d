import { fromPromise } from 'xstate';
import { reserveMachine } from '../../machines/reserve/reserve.machine.ts';
import { fetchReserveTerms, reservationSender } from '../../services/reserve/reserve.service.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { gatedRouteLogic } from '../app/wiring.gated.ts';

/**
 * The reserve page's machine with its calls bound (issue 17): the gate (its child, reading who the
 * visitor is with their cookie), the car's hold terms, and the reservation. Once a car is held, every
 * cached answer is marked stale, so the car page's tag and button and the listings show it reserved
 * at once.
 */
export function reservePageLogic(deps: PageDeps) {
  const { http, queryClient } = deps;
  const send = reservationSender(http);
  return reserveMachine.provide({
    actors: {
      gate: gatedRouteLogic(deps),
      loadTerms: fromPromise(({ input }) => fetchReserveTerms(http, input)),
      reserve: fromPromise(({ input }) => send(input)),
    },
    actions: {
      refreshCachedCars: () => {
        void queryClient.invalidateQueries();
      },
    },
  });
}
