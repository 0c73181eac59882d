import type { Executor } from './db.ts';

/** One entry of a site's audit log, as stored. */
export interface AuditRow {
  id: number;
  site_id: number;
  staff_id: number | null;
  /** The member's name and email when the entry was read (null for the operator, or a member gone). */
  staff_name: string | null;
  staff_email: string | null;
  action: string;
  subject: string;
  detail: Record<string, unknown>;
  at: string;
}

/** What one change writes to the audit log. */
export interface AuditInsert {
  siteId: number;
  staffId: number | null;
  action: string;
  subject: string;
  detail: Record<string, unknown>;
  at?: Date;
}

/** Writes one audit entry. */
export async function insertAuditEntry(q: Executor, entry: AuditInsert): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (site_id, staff_id, action, subject, detail, at)
     VALUES ($1, $2, $3, $4, $5::jsonb, COALESCE($6::timestamptz, now()))`,
    [
      entry.siteId,
      entry.staffId,
      entry.action,
      entry.subject,
      JSON.stringify(entry.detail),
      entry.at ? entry.at.toISOString() : null,
    ],
  );
}

/** One page of a site's audit log, newest first, and how many entries it has in all. */
export async function listAuditEntries(
  q: Executor,
  siteId: number,
  page: { limit: number; offset: number },
): Promise<{ entries: AuditRow[]; total: number }> {
  const { rows } = await q.query<AuditRow>(
    `SELECT a.id, a.site_id, a.staff_id, m.name AS staff_name, m.email AS staff_email, a.action, a.subject,
            a.detail, a.at
     FROM audit_log a LEFT JOIN staff_members m ON m.id = a.staff_id
     WHERE a.site_id = $1 ORDER BY a.at DESC, a.id DESC LIMIT $2 OFFSET $3`,
    [siteId, page.limit, page.offset],
  );
  const count = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM audit_log WHERE site_id = $1',
    [siteId],
  );
  return { entries: rows, total: count.rows[0]?.total ?? 0 };
}
