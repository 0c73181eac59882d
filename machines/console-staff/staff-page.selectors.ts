import type { SnapshotFrom } from 'xstate';
import type { StaffMember } from '../../domain/staff.ts';
import type { StaffPageData, staffPageMachine, TotpEnrolment } from './staff-page.machine.ts';

type StaffSnapshot = SnapshotFrom<typeof staffPageMachine>;

/** Whether the page is loading. */
export const selectIsLoading = (snapshot: StaffSnapshot): boolean => snapshot.hasTag('loading');
/** Whether a change is being sent. */
export const selectIsBusy = (snapshot: StaffSnapshot): boolean => snapshot.hasTag('busy');
/** The page's data, once loaded. */
export const selectData = (snapshot: StaffSnapshot): StaffPageData | null => snapshot.context.data;
/** The signed-in member. */
export const selectMe = (snapshot: StaffSnapshot): StaffMember | null => snapshot.context.data?.me ?? null;
/** Why loading failed, or null. */
export const selectError = (snapshot: StaffSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
/** The invitation form's field errors. */
export const selectInviteErrors = (snapshot: StaffSnapshot): Record<string, string> =>
  snapshot.context.fields;
/** How many invitations are waiting: it grows as one is sent (the invitation form clears then). */
export const selectInvitationCount = (snapshot: StaffSnapshot): number =>
  snapshot.context.data?.invitations.length ?? 0;
/** The two-step form's error. */
export const selectCodeError = (snapshot: StaffSnapshot): string | null => snapshot.context.codeError;
/** The status line: what the last change did, or why it was refused. */
export const selectStatus = (snapshot: StaffSnapshot): { notice: string | null; problem: string | null } => ({
  notice: snapshot.context.notice,
  problem: snapshot.context.problem,
});
/** The secret being enrolled (shown once), while it waits for its first code. */
export const selectEnrolment = (snapshot: StaffSnapshot): TotpEnrolment | null =>
  snapshot.matches({ ready: 'enrolled' }) || snapshot.matches({ ready: 'confirming' })
    ? snapshot.context.enrolment
    : null;
/** The member whose removal waits for the manager's yes, or null. */
export const selectRemovalAsked = (snapshot: StaffSnapshot): number | null =>
  snapshot.matches({ ready: 'confirmingRemoval' }) ? snapshot.context.pendingRemoval : null;
