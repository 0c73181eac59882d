import type { SnapshotFrom } from 'xstate';
import type { InvitationLookupAnswer } from '../../domain/contracts/console-staff.ts';
import type { consoleInvitationMachine } from './console-invitation.machine.ts';

type InvitationSnapshot = SnapshotFrom<typeof consoleInvitationMachine>;

/** Whether the invitation is being looked up. */
export const selectIsLoading = (snapshot: InvitationSnapshot): boolean => snapshot.hasTag('loading');
/** Whether the form is being sent. */
export const selectIsSubmitting = (snapshot: InvitationSnapshot): boolean => snapshot.hasTag('submitting');
/** The open invitation, once looked up. */
export const selectInvitation = (snapshot: InvitationSnapshot): InvitationLookupAnswer | null =>
  snapshot.context.data;
/** Why the invitation cannot be used (expired, used, unknown), or null. */
export const selectRefusal = (snapshot: InvitationSnapshot): string | null =>
  snapshot.matches('invalid') ? snapshot.context.error : null;
/** Why loading failed for another reason (retry), or null. */
export const selectLoadError = (snapshot: InvitationSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
/** The form's refusal: its message and the messages per field. */
export const selectFormError = (
  snapshot: InvitationSnapshot,
): { message: string | null; fields: Record<string, string> } =>
  snapshot.matches('ready')
    ? { message: snapshot.context.error, fields: snapshot.context.fieldErrors }
    : { message: null, fields: {} };
/** Whether the invitation was accepted and the member signed in. */
export const selectIsAccepted = (snapshot: InvitationSnapshot): boolean => snapshot.matches('accepted');
