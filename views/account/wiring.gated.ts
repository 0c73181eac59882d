import { fromPromise } from 'xstate';
import { gatedRouteMachine } from '../../machines/gated-route/gated-route.machine.ts';
import type { AppDeps } from '../app/app-deps.ts';
import { sessionRead } from '../app/wiring.ts';

/** The gate of checkout and finance routes: who the visitor is, read with their cookie. */
export function gatedRouteLogic(deps: AppDeps) {
  return gatedRouteMachine.provide({ actors: { loadSession: fromPromise(sessionRead(deps)) } });
}
