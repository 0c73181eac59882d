import { STATE_TIME_ZONES } from '../../../domain/au-state.ts';
import type {
  InboxLead,
  LeadDelivery,
  LeadDetail,
  LeadInbox,
} from '../../../domain/contracts/console-leads.ts';
import {
  LEAD_EXPORT_MAX,
  LEAD_PAGE_SIZE,
  type LeadFilters,
  type LeadStatus,
} from '../../../domain/lead-inbox.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import { zonedInstant } from '../../../domain/test-drive-slots.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import { leadToAdf } from '../../leads/adf.ts';
import { LEAD_CSV_COLUMNS, leadsCsv } from '../../leads/export.ts';
import { leadRecipients } from '../../leads/lead-email.ts';
import { getCarById } from '../../store/cars.repo.ts';
import type { Db, Executor } from '../../store/db.ts';
import {
  findInboxLead,
  type InboxCursor,
  type InboxQuery,
  type InboxRow,
  inboxCategories,
  insertLeadNote,
  leadAcknowledgementRow,
  leadDeliveryRows,
  leadNoteRows,
  listInboxLeads,
  requeueAcknowledgement,
  updateLeadStatus,
} from '../../store/lead-inbox.repo.ts';
import { recordAudit } from '../audit.ts';

/**
 * The leads inbox's logic (issue 36 item 3): the routes parse and answer, this reads and changes a
 * site's leads — every change with its audit entry in the change's own transaction.
 */

/** A filter the site cannot answer (a dealership it does not have). */
export class UnknownDealershipError extends Error {
  constructor(readonly slug: string) {
    super(`No dealership ${slug}`);
  }
}

/** A delivery that is not given up, so there is nothing to send again. */
export class NotGivenUpError extends Error {
  constructor() {
    super('Only a delivery that was given up can be sent again');
  }
}

/** The site's time zone: its address's state's. */
const siteTimeZone = (site: SiteConfig) => STATE_TIME_ZONES[site.address.state];

/** The day after a `YYYY-MM-DD` date. */
const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The filters as the store reads them: the dealership's id, the days as instants in the site's zone. */
export function inboxQueryOf(site: SiteConfig, filters: LeadFilters): InboxQuery {
  const query: InboxQuery = {};
  if (filters.type) query.category = filters.type;
  if (filters.status) query.status = filters.status;
  if (filters.dealership) {
    const dealership = site.dealerships.find((d) => d.slug === filters.dealership);
    if (!dealership) throw new UnknownDealershipError(filters.dealership);
    query.dealershipId = dealership.id;
  }
  const zone = siteTimeZone(site);
  if (filters.from) query.from = new Date(zonedInstant(filters.from, '00:00', zone)).toISOString();
  if (filters.to) query.before = new Date(zonedInstant(nextDay(filters.to), '00:00', zone)).toISOString();
  if (filters.q) query.search = filters.q;
  return query;
}

const cursorOf = (row: InboxRow) => `${Math.round(row.created_ms)}.${row.id}`;
const parseCursor = (text: string | undefined): InboxCursor | undefined => {
  if (!text) return undefined;
  const [ms, id] = text.split('.').map(Number);
  return ms !== undefined && id !== undefined ? { ms, id } : undefined;
};

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

const dealershipOf = (site: SiteConfig, id: number) => {
  const found = site.dealerships.find((d) => d.id === id);
  return found ? { slug: found.slug, name: found.name } : { slug: '', name: `Dealership ${id}` };
};

const nameOf = (payload: Record<string, unknown>) =>
  [textOf(payload.name), textOf(payload.last_name)].filter(Boolean).join(' ');

function inboxLeadOf(site: SiteConfig, row: InboxRow): InboxLead {
  const payload = row.payload as Record<string, unknown>;
  return {
    lead_id: row.lead_id,
    created_at: row.created_at,
    category: row.category,
    subcategory: row.subcategory,
    status: row.status,
    dealership: dealershipOf(site, row.dealership_id),
    name: nameOf(payload),
    email: textOf(payload.email),
    phone: textOf(payload.phone),
    rego: textOf(payload.rego) ?? textOf(payload.Rego),
    car: row.car_name,
  };
}

/** One page of a site's inbox, newest first, with what its filters offer. */
export async function listInbox(
  db: Executor,
  site: SiteConfig,
  filters: LeadFilters,
  after?: string,
): Promise<LeadInbox> {
  const query = inboxQueryOf(site, filters);
  const rows = await listInboxLeads(db, site.id, query, LEAD_PAGE_SIZE + 1, parseCursor(after));
  const page = rows.slice(0, LEAD_PAGE_SIZE);
  const last = page.at(-1);
  return {
    leads: page.map((row) => inboxLeadOf(site, row)),
    next: rows.length > LEAD_PAGE_SIZE && last ? cursorOf(last) : null,
    types: await inboxCategories(db, site.id),
    dealerships: site.dealerships.map((d) => ({ slug: d.slug, name: d.name })),
    time_zone: siteTimeZone(site),
  };
}

/** The console's CSV columns: `npm run leads`' own, then where the lead stands in the inbox. */
const INBOX_CSV_COLUMNS = [...LEAD_CSV_COLUMNS, 'status'];

/**
 * The filtered list as CSV (the newest `LEAD_EXPORT_MAX`), as `npm run leads` writes it with the
 * lead's status (`new`, `contacted`, `appointment`, `sold`, `lost`) last.
 */
export async function exportInbox(db: Executor, site: SiteConfig, filters: LeadFilters): Promise<string> {
  const rows = await listInboxLeads(db, site.id, inboxQueryOf(site, filters), LEAD_EXPORT_MAX);
  return leadsCsv(rows, INBOX_CSV_COLUMNS);
}

const SKIPPED_FIELDS = new Set(['lead_attributes', 'lead_id']);

const fieldText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(fieldText).join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key}: ${fieldText(inner)}`)
      .join('; ');
  return String(value);
};

function deliveriesOf(
  site: SiteConfig,
  row: InboxRow,
  dealerRows: Awaited<ReturnType<typeof leadDeliveryRows>>,
  ack: Awaited<ReturnType<typeof leadAcknowledgementRow>>,
): LeadDelivery[] {
  const dealership = site.dealerships.find((d) => d.id === row.dealership_id);
  const recipients = dealership
    ? leadRecipients(site, dealership, row.payload as Record<string, unknown>)
    : { staff: site.email, crm: null };
  const deliveries: LeadDelivery[] = [];
  for (const job of dealerRows) {
    const base = { key: `lead-${job.version}`, version: job.version, can_resend: false };
    if (recipients.crm) {
      const crmSent = job.crm_delivered_at ?? job.delivered_at;
      deliveries.push({
        ...base,
        recipient: 'crm',
        address: recipients.crm,
        outcome: crmSent ? 'sent' : 'waiting',
        attempts: job.attempts,
        at: crmSent ?? job.next_attempt_at,
        last_error: crmSent ? null : job.last_error,
      });
    }
    deliveries.push({
      ...base,
      recipient: 'team',
      address: recipients.staff,
      outcome: job.delivered_at ? 'sent' : 'waiting',
      attempts: job.attempts,
      at: job.delivered_at ?? job.next_attempt_at,
      last_error: job.delivered_at ? null : job.last_error,
    });
  }
  if (ack) {
    const outcome = ack.sent_at ? 'sent' : ack.given_up_at ? 'given_up' : 'waiting';
    deliveries.push({
      key: 'acknowledgement',
      recipient: 'shopper',
      address: textOf((row.payload as Record<string, unknown>).email),
      version: null,
      outcome,
      attempts: ack.attempts,
      at: ack.sent_at ?? ack.given_up_at ?? ack.next_attempt_at,
      last_error: ack.sent_at ? null : ack.last_error,
      can_resend: outcome === 'given_up',
    });
  }
  return deliveries;
}

/** A site's lead's page, or null when the site has no such lead. */
export async function leadPage(db: Executor, site: SiteConfig, leadId: string): Promise<LeadDetail | null> {
  const row = await findInboxLead(db, site.id, leadId);
  if (!row) return null;
  const payload = row.payload as Record<string, unknown>;
  const dealership = site.dealerships.find((d) => d.id === row.dealership_id) ?? site.dealerships[0];
  const car = dealership && row.car_id ? await getCarById(db, [dealership.id], row.car_id) : null;
  const attributes = (payload.lead_attributes ?? {}) as {
    visited_pages?: string[];
    linked_query_params?: Record<string, string>;
  };
  const [dealerRows, ack, notes] = await Promise.all([
    leadDeliveryRows(db, row.lead_id),
    leadAcknowledgementRow(db, row.lead_id),
    leadNoteRows(db, row.lead_id),
  ]);
  return {
    lead_id: row.lead_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
    category: row.category,
    subcategory: row.subcategory,
    status: row.status,
    status_changed_at: row.status_changed_at,
    dealership: dealershipOf(site, row.dealership_id),
    name: nameOf(payload),
    email: textOf(payload.email),
    phone: textOf(payload.phone),
    car: row.car_id
      ? {
          id: row.car_id,
          name: car?.name ?? row.car_name ?? `Car ${row.car_id}`,
          stock_number: car?.stocknum ?? row.car_stocknum ?? null,
        }
      : null,
    fields: Object.entries(payload)
      .filter(([name, value]) => !SKIPPED_FIELDS.has(name) && value !== null && value !== undefined)
      .map(([name, value]) => ({ name, value: fieldText(value) })),
    visit: {
      pages: attributes.visited_pages ?? [],
      params: Object.entries(attributes.linked_query_params ?? {}).map(([name, value]) => ({ name, value })),
    },
    adf: dealership ? leadToAdf({ lead: row, car, site, dealership }) : '',
    deliveries: deliveriesOf(site, row, dealerRows, ack),
    notes: notes.map((note) => ({
      id: note.id,
      staff_name: note.staff_name,
      text: note.body,
      at: note.created_at,
    })),
    time_zone: siteTimeZone(site),
  };
}

const subjectOf = (leadId: string) => `lead ${leadId}`;

/**
 * Sets a lead's status, with its audit entry (`lead.status`, from and to) in one transaction; the
 * status it has already changes and records nothing. False when the site has no such lead.
 */
export async function setLeadStatus(
  db: Db,
  site: SiteConfig,
  member: StaffMember,
  leadId: string,
  status: LeadStatus,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await findInboxLead(tx, site.id, leadId, true);
    if (!row) return false;
    if (row.status === status) return true;
    await updateLeadStatus(tx, site.id, leadId, status);
    await recordAudit(tx, {
      siteId: site.id,
      staffId: member.id,
      action: 'lead.status',
      subject: subjectOf(leadId),
      detail: { from: row.status, to: status },
    });
    return true;
  });
}

/** Adds the member's note to a lead, with its audit entry (`lead.note`). False when there is no such lead. */
export async function addLeadNote(
  db: Db,
  site: SiteConfig,
  member: StaffMember,
  leadId: string,
  text: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await findInboxLead(tx, site.id, leadId, true);
    if (!row) return false;
    const noteId = await insertLeadNote(tx, {
      leadId,
      staffId: member.id,
      staffName: member.name,
      body: text,
    });
    await recordAudit(tx, {
      siteId: site.id,
      staffId: member.id,
      action: 'lead.note',
      subject: subjectOf(leadId),
      detail: { note_id: noteId, characters: text.length },
    });
    return true;
  });
}

/**
 * Queues a given-up delivery of a lead in its outbox again, with its audit entry (`lead.resend`).
 * Throws `NotGivenUpError` for one that was sent or is still being tried (the dealer's deliveries are
 * retried until sent, decision 082, so only a shopper's acknowledgement is ever given up). False when
 * there is no such lead.
 */
export async function resendDelivery(
  db: Db,
  site: SiteConfig,
  member: StaffMember,
  leadId: string,
  delivery: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await findInboxLead(tx, site.id, leadId, true);
    if (!row) return false;
    if (delivery !== 'acknowledgement' || !(await requeueAcknowledgement(tx, leadId))) {
      throw new NotGivenUpError();
    }
    await recordAudit(tx, {
      siteId: site.id,
      staffId: member.id,
      action: 'lead.resend',
      subject: subjectOf(leadId),
      detail: { delivery },
    });
    return true;
  });
}
