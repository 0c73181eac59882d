import { fromPromise } from 'xstate';
import { gatedRouteMachine } from '../../machines/gated-route/gated-route.machine.ts';
import type { AppDeps } from './app-deps.ts';
import { sessionRead } from './wiring.ts';

/**
 * The gate of checkout and finance routes (`locations-forms-tradein-site.md` §4 Gated routes): the
 * `gatedRoute` machine with its session read with the visitor's cookie. The pages behind the gate
 * (the reserve wizard and its checkout journey, the finance page) invoke it as their first step's
 * child — on the server for a first load, in the browser on a navigation — bound in their wiring as
 * `actors: { gate: gatedRouteLogic(deps) }`, and read its decision from `onDone`'s output: allowed,
 * the sign-in URL, or why the session could not be read (the page then offers its retry, which
 * invokes the gate again).
 */
export function gatedRouteLogic(deps: AppDeps) {
  return gatedRouteMachine.provide({ actors: { loadSession: fromPromise(sessionRead(deps)) } });
}
