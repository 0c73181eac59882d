import type { SnapshotFrom } from 'xstate';
import type { GateType } from '../../domain/gated-routes.ts';
import type { gatedRouteMachine } from './gated-route.machine.ts';

type GatedRouteSnapshot = SnapshotFrom<typeof gatedRouteMachine>;

/** Whether the gate is still asking who the visitor is. */
export const selectIsChecking = (snapshot: GatedRouteSnapshot): boolean => snapshot.hasTag('loading');

/** Where an anonymous visitor goes (`/sign-in?type=…&redirect=…&back=…`), or null. */
export const selectSignInUrl = (snapshot: GatedRouteSnapshot): string | null =>
  snapshot.matches('redirecting') ? snapshot.context.signInUrl : null;

/** The failure message when the session could not be checked. */
export const selectGateError = (snapshot: GatedRouteSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;

/** Which kind of route this is (checkout or finance), or null. */
export const selectGateType = (snapshot: GatedRouteSnapshot): GateType | null =>
  snapshot.context.gate?.type ?? null;
