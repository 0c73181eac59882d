import { fromPromise } from 'xstate';
import { reserveMachine } from '../../machines/reserve/reserve.machine.ts';
import { fetchReserveTerms, reservationSender } from '../../services/reserve/reserve.service.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { gateCheck } from '../app/wiring.gated.ts';

/**
 * The reserve page's machine with its calls bound (issue 17): the gate (who the visitor is, read with
 * their cookie), the car's hold terms, and the reservation. Once a car is held, every cached answer
 * is marked stale, so the car page's tag and button and the listings show it reserved at once.
 */
export function reservePageLogic(deps: PageDeps) {
  const { http, queryClient } = deps;
  const send = reservationSender(http);
  const gate = gateCheck(deps);
  return reserveMachine.provide({
    actors: {
      checkGate: fromPromise(({ input }) => gate(input)),
      loadTerms: fromPromise(({ input }) => fetchReserveTerms(http, input.slug)),
      reserve: fromPromise(({ input }) => send(input)),
    },
    actions: {
      refreshCachedCars: () => {
        void queryClient.invalidateQueries();
      },
    },
  });
}
