import type { ActorRefFrom } from 'xstate';
import type { AuditLogAnswer } from '../../domain/contracts/console-staff.ts';
import { createPageLoader } from '../shared/page-loader.ts';

/** Which page of the audit log (`/dealer/audit?page=`), from 1. */
export interface AuditPageInput {
  page: number;
}

/**
 * The audit log (`/dealer/audit`, managers; issue 36 item 2): one page of the dealer's changes,
 * newest first, loaded by `loadAudit` (loading → ready | failed, `retry`). Pages are addresses
 * (`?page=2`), so paging is following a link.
 */
export const auditPageMachine = createPageLoader<AuditPageInput, AuditLogAnswer, 'loadAudit'>({
  id: 'consoleAuditPage',
  actor: 'loadAudit',
});

/** A running audit page. */
export type AuditPageActorRef = ActorRefFrom<typeof auditPageMachine>;
