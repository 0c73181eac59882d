import type { LeadStatus } from '../../domain/lead-inbox.ts';
import type { Executor } from './db.ts';
import type { StoredLead } from './leads.repo.ts';

/**
 * The leads inbox's queries (issue 36 item 3, migration 023): a site's leads filtered and paged newest
 * first, a lead with its deliveries and notes, and the staff's changes (status, notes, a given-up
 * delivery queued again). Every query names the site, so another site's lead is never found.
 */

/** What the list is filtered by, as the store reads it. */
export interface InboxQuery {
  category?: string;
  status?: LeadStatus;
  dealershipId?: number;
  /** Arrived at or after this instant (ISO). */
  from?: string;
  /** Arrived before this instant (ISO). */
  before?: string;
  /** Words in the name, email, phone or rego. */
  search?: string;
}

/** Where a page of the list starts: after the lead with this time (ms) and row id. */
export interface InboxCursor {
  ms: number;
  id: number;
}

/** A stored lead with what the staff did with it. */
export interface InboxRow extends StoredLead {
  id: number;
  status: LeadStatus;
  status_changed_at: string | null;
  updated_at: string;
  car_name: string | null;
  car_stocknum: string | null;
  /** Its arrival in ms, for the next page's cursor. */
  created_ms: number;
}

const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE clause and its parameters for a site's filtered leads. */
function whereOf(siteId: number, query: InboxQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [siteId];
  const clauses = ['l.site_id = $1'];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (query.category) add((n) => `l.category = ${n}`, query.category);
  if (query.status) add((n) => `l.status = ${n}`, query.status);
  if (query.dealershipId !== undefined) add((n) => `l.dealership_id = ${n}`, query.dealershipId);
  if (query.from) add((n) => `l.created_at >= ${n}::timestamptz`, query.from);
  if (query.before) add((n) => `l.created_at < ${n}::timestamptz`, query.before);
  const search = query.search?.trim();
  if (search) {
    const alternatives: string[] = [];
    const text = `%${likeText(search)}%`;
    params.push(text);
    const t = `$${params.length}`;
    alternatives.push(
      `concat_ws(' ', l.payload->>'name', l.payload->>'last_name') ILIKE ${t}`,
      `l.payload->>'email' ILIKE ${t}`,
    );
    const digits = search.replace(/\D/g, '');
    if (digits.length >= 3) {
      params.push(`%${digits}%`);
      alternatives.push(
        `regexp_replace(coalesce(l.payload->>'phone', ''), '[^0-9]', '', 'g') LIKE $${params.length}`,
      );
    }
    const rego = search.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
    if (rego.length >= 2) {
      params.push(`%${rego}%`);
      alternatives.push(
        `upper(regexp_replace(coalesce(l.payload->>'rego', l.payload->>'Rego', ''), '[^A-Za-z0-9]', '', 'g')) LIKE $${params.length}`,
      );
    }
    clauses.push(`(${alternatives.join(' OR ')})`);
  }
  return { sql: clauses.join(' AND '), params };
}

const ROW_COLUMNS = `l.id, l.lead_id::text AS lead_id, l.site_id, l.dealership_id, l.car_id, l.category,
  l.subcategory, l.payload, l.version, l.created_at, l.updated_at, l.status, l.status_changed_at,
  (extract(epoch FROM l.created_at) * 1000)::float8 AS created_ms,
  c.data->>'name' AS car_name, c.data->>'stocknum' AS car_stocknum`;
const FROM_LEADS = 'FROM leads l LEFT JOIN cars c ON c.id = l.car_id AND c.dealership_id = l.dealership_id';

const toRow = (row: InboxRow): InboxRow => ({ ...row, created_ms: Number(row.created_ms) });

/**
 * A site's leads that match `query`, newest first, at most `limit`, starting after `cursor` (the
 * last lead of the page before).
 */
export async function listInboxLeads(
  q: Executor,
  siteId: number,
  query: InboxQuery,
  limit: number,
  cursor?: InboxCursor,
): Promise<InboxRow[]> {
  const where = whereOf(siteId, query);
  const params = [...where.params];
  let keyset = '';
  if (cursor) {
    params.push(new Date(cursor.ms).toISOString(), cursor.id);
    const at = `$${params.length - 1}::timestamptz`;
    const id = `$${params.length}`;
    // created_at keeps microseconds the cursor's milliseconds do not: compare at millisecond precision.
    keyset = ` AND (date_trunc('milliseconds', l.created_at) < ${at}
      OR (date_trunc('milliseconds', l.created_at) = ${at} AND l.id < ${id}))`;
  }
  params.push(limit);
  const { rows } = await q.query<InboxRow>(
    `SELECT ${ROW_COLUMNS} ${FROM_LEADS}
      WHERE ${where.sql}${keyset}
      ORDER BY date_trunc('milliseconds', l.created_at) DESC, l.id DESC
      LIMIT $${params.length}`,
    params,
  );
  return rows.map(toRow);
}

/** The lead types (categories) a site has received, by name. */
export async function inboxCategories(q: Executor, siteId: number): Promise<string[]> {
  const { rows } = await q.query<{ category: string }>(
    'SELECT DISTINCT category FROM leads WHERE site_id = $1 ORDER BY category',
    [siteId],
  );
  return rows.map((row) => row.category);
}

/** A site's lead by its id (locked for the transaction with `forUpdate`), or null. */
export async function findInboxLead(
  q: Executor,
  siteId: number,
  leadId: string,
  forUpdate = false,
): Promise<InboxRow | null> {
  const { rows } = await q.query<InboxRow>(
    `SELECT ${ROW_COLUMNS} ${FROM_LEADS}
      WHERE l.site_id = $1 AND l.lead_id = $2::uuid${forUpdate ? ' FOR UPDATE OF l' : ''}`,
    [siteId, leadId],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** One version's delivery to the dealer (its CRM's email and its team's). */
export interface DeliveryRow {
  version: number;
  attempts: number;
  next_attempt_at: string;
  delivered_at: string | null;
  crm_delivered_at: string | null;
  last_error: string | null;
}

/** A lead's deliveries to its dealer, oldest version first. */
export async function leadDeliveryRows(q: Executor, leadId: string): Promise<DeliveryRow[]> {
  const { rows } = await q.query<DeliveryRow>(
    `SELECT version, attempts, next_attempt_at, delivered_at, crm_delivered_at, last_error
       FROM lead_deliveries WHERE lead_id = $1::uuid ORDER BY version`,
    [leadId],
  );
  return rows;
}

/** The shopper's acknowledgement of a lead. */
export interface AcknowledgementRow {
  attempts: number;
  next_attempt_at: string;
  sent_at: string | null;
  given_up_at: string | null;
  last_error: string | null;
}

/** A lead's acknowledgement, or null when it has none (no email, a reservation's). */
export async function leadAcknowledgementRow(
  q: Executor,
  leadId: string,
): Promise<AcknowledgementRow | null> {
  const { rows } = await q.query<AcknowledgementRow>(
    `SELECT attempts, next_attempt_at, sent_at, given_up_at, last_error
       FROM lead_acknowledgements WHERE lead_id = $1::uuid`,
    [leadId],
  );
  return rows[0] ?? null;
}

/** A note as stored. */
export interface NoteRow {
  id: number;
  staff_name: string;
  body: string;
  created_at: string;
}

/** A lead's notes, oldest first. */
export async function leadNoteRows(q: Executor, leadId: string): Promise<NoteRow[]> {
  const { rows } = await q.query<NoteRow>(
    'SELECT id, staff_name, body, created_at FROM lead_notes WHERE lead_id = $1::uuid ORDER BY id',
    [leadId],
  );
  return rows;
}

/** Sets a site's lead's status (and when it changed). */
export async function updateLeadStatus(
  q: Executor,
  siteId: number,
  leadId: string,
  status: LeadStatus,
): Promise<void> {
  await q.query(
    'UPDATE leads SET status = $3, status_changed_at = now() WHERE site_id = $1 AND lead_id = $2::uuid',
    [siteId, leadId, status],
  );
}

/** Adds a note to a lead; resolves with its id. */
export async function insertLeadNote(
  q: Executor,
  note: { leadId: string; staffId: number; staffName: string; body: string },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    'INSERT INTO lead_notes (lead_id, staff_id, staff_name, body) VALUES ($1::uuid, $2, $3, $4) RETURNING id',
    [note.leadId, note.staffId, note.staffName, note.body],
  );
  return (rows[0] as { id: number }).id;
}

/**
 * Queues a given-up acknowledgement again in its outbox (tries from zero, due now); false when the
 * lead has none given up.
 */
export async function requeueAcknowledgement(q: Executor, leadId: string): Promise<boolean> {
  const { rows } = await q.query<{ id: number }>(
    `UPDATE lead_acknowledgements
        SET given_up_at = NULL, attempts = 0, next_attempt_at = now(), last_error = NULL
      WHERE lead_id = $1::uuid AND given_up_at IS NOT NULL AND sent_at IS NULL
      RETURNING id`,
    [leadId],
  );
  return rows.length > 0;
}
