import type { SnapshotFrom } from 'xstate';
import type { StaffMember } from '../../domain/staff.ts';
import type { overviewPageMachine } from './overview-page.machine.ts';

type OverviewSnapshot = SnapshotFrom<typeof overviewPageMachine>;

/** Whether the overview is loading. */
export const selectIsLoading = (snapshot: OverviewSnapshot): boolean => snapshot.hasTag('loading');
/** The member, once loaded. */
export const selectMember = (snapshot: OverviewSnapshot): StaffMember | null => snapshot.context.data;
/** Why loading failed, or null. */
export const selectError = (snapshot: OverviewSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
