import { type AuditInsert, insertAuditEntry } from '../store/audit.repo.ts';
import type { Executor } from '../store/db.ts';

/** One change to record (issue 36 item 2): who did what to which thing on which site. */
export interface AuditEntry {
  siteId: number;
  /** The member who made the change; null for the operator (`npm run staff`). */
  staffId: number | null;
  /** Dot-case, e.g. `lead.status`, `reservation.confirm`, `stock.upload`, `staff.invite`. */
  action: string;
  /** What it was done to, e.g. `lead 123`. */
  subject: string;
  /** The change's facts (the new status, the role before and after…); no secrets. */
  detail?: Record<string, unknown>;
  /** When; the store's clock by default. */
  at?: Date;
}

/**
 * Writes one entry to the site's audit log, which its managers read in the console. Call it with the
 * transaction that makes the change (`db.transaction(async (tx) => { …; await recordAudit(tx, …) })`),
 * so a change is never stored without its entry, nor an entry without its change.
 */
export async function recordAudit(q: Executor, entry: AuditEntry): Promise<void> {
  const insert: AuditInsert = {
    siteId: entry.siteId,
    staffId: entry.staffId,
    action: entry.action,
    subject: entry.subject,
    detail: entry.detail ?? {},
    ...(entry.at ? { at: entry.at } : {}),
  };
  await insertAuditEntry(q, insert);
}
