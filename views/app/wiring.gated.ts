import { createActor, fromPromise } from 'xstate';
import type { GateRequest } from '../../domain/gated-routes.ts';
import { type GatedRouteOutput, gatedRouteMachine } from '../../machines/gated-route/gated-route.machine.ts';
import type { AppDeps } from './app-deps.ts';
import { inspectOption } from './inspector.ts';
import { sessionRead } from './wiring.ts';

/**
 * The gate of checkout and finance routes (`locations-forms-tradein-site.md` §4 Gated routes): the
 * `gatedRoute` machine with its session read with the visitor's cookie. The pages behind the gate
 * (the reserve wizard, the checkout journey, the finance page) invoke it as their first step's child
 * — on the server for a first load, in the browser on a navigation — bound in their wiring as
 * `actors: { gate: gatedRouteLogic(deps) }`, and offer their own retry when its output says it failed.
 */
export function gatedRouteLogic(deps: AppDeps) {
  return gatedRouteMachine.provide({ actors: { loadSession: fromPromise(sessionRead(deps)) } });
}

/**
 * The gate as a promise, for a page machine that still invokes `checkGate` as a promise actor (until
 * it invokes `gatedRouteLogic` as its child): resolves with the decision, rejects when the session
 * could not be read. The gate runs with the app's inspector, so its transitions are seen as a child's.
 */
export function gateCheck(deps: AppDeps): (request: GateRequest) => Promise<GatedRouteOutput> {
  const logic = gatedRouteLogic(deps);
  return (request) =>
    new Promise((resolve, reject) => {
      const gate = createActor(logic, { input: request, inspect: inspectOption() });
      gate.subscribe((snapshot) => {
        if (snapshot.status !== 'done') return;
        if (snapshot.output.error === null) resolve(snapshot.output);
        else reject(new Error(snapshot.output.error));
      });
      gate.start();
    });
}
