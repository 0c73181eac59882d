import type { SnapshotFrom } from 'xstate';
import type { AuditLogAnswer } from '../../domain/contracts/console-staff.ts';
import type { auditPageMachine } from './audit-page.machine.ts';

type AuditSnapshot = SnapshotFrom<typeof auditPageMachine>;

/** Whether the page is loading. */
export const selectIsLoading = (snapshot: AuditSnapshot): boolean => snapshot.hasTag('loading');
/** The page of entries, once loaded. */
export const selectLog = (snapshot: AuditSnapshot): AuditLogAnswer | null => snapshot.context.data;
/** Why loading failed, or null. */
export const selectError = (snapshot: AuditSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
