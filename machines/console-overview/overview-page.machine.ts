import type { ActorRefFrom } from 'xstate';
import type { StaffMember } from '../../domain/staff.ts';
import { createPageLoader } from '../shared/page-loader.ts';

/**
 * The console overview (`/dealer`): the signed-in member as the server answers `GET /api/dealer/me`,
 * loaded by `loadOverview` (loading → ready | failed, `retry`). The view lists the areas their role
 * opens from the registry, so it shows only what exists.
 */
export const overviewPageMachine = createPageLoader<undefined, StaffMember, 'loadOverview'>({
  id: 'consoleOverview',
  actor: 'loadOverview',
});

/** A running overview page. */
export type OverviewPageActorRef = ActorRefFrom<typeof overviewPageMachine>;
