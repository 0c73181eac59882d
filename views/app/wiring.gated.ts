import { createActor, fromPromise } from 'xstate';
import type { GateRequest } from '../../domain/gated-routes.ts';
import { type GatedRouteOutput, gatedRouteMachine } from '../../machines/gated-route/gated-route.machine.ts';
import type { AppDeps } from './app-deps.ts';
import { sessionRead } from './wiring.ts';

/**
 * The gate of checkout and finance routes (`locations-forms-tradein-site.md` §4 Gated routes): the
 * `gatedRoute` machine, its session read with the visitor's cookie, run to its decision. The pages
 * behind the gate (the reserve wizard, the checkout journey, the finance page) ask it as their first
 * step — on the server for a first load, in the browser on a navigation — and offer their own retry
 * when it fails.
 */
export function gateCheck(deps: AppDeps): (request: GateRequest) => Promise<GatedRouteOutput> {
  const logic = gatedRouteMachine.provide({ actors: { loadSession: fromPromise(sessionRead(deps)) } });
  return (request) =>
    new Promise((resolve, reject) => {
      const gate = createActor(logic, { input: request });
      gate.subscribe((snapshot) => {
        if (snapshot.status === 'done') resolve(snapshot.output);
        else if (snapshot.matches('failed')) {
          gate.stop();
          reject(new Error(snapshot.context.error ?? 'We could not check whether you are signed in'));
        }
      });
      gate.start();
    });
}
