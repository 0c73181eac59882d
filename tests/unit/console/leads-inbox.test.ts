import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadUserData } from '../../../domain/lead.ts';
import { LEAD_PAGE_SIZE } from '../../../domain/lead-inbox.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import {
  addLeadNote,
  exportInbox,
  leadPage,
  listInbox,
  NotGivenUpError,
  resendDelivery,
  setLeadStatus,
  UnknownDealershipError,
} from '../../../server/console/leads/lead-inbox.ts';
import {
  ACKNOWLEDGEMENT_GIVE_UP_AFTER,
  LeadAcknowledgements,
} from '../../../server/leads/acknowledgements.ts';
import type { Email, Mailer } from '../../../server/mail/mailer.ts';
import { listAuditEntries } from '../../../server/store/audit.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { createLead } from '../../../server/store/leads.repo.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import { createStaffMember } from '../../fixtures/staff.ts';
import { CARS, seedAccountCars } from '../server/watchlist-test-server.ts';

/**
 * Issue 36 item 3: the leads inbox's logic on a real store — the list's filters, search and pages, a
 * lead's page, its status and notes with their audit entries, a given-up acknowledgement queued
 * again, the filtered CSV, and another dealer's leads never in view.
 */
const sites = loadTenants();
const harbour = sites.find((s) => s.slug === 'harbour-auto-group') as SiteConfig;
const bayside = sites.find((s) => s.slug === 'bayside-mazda') as SiteConfig;

let db: Db;
let member: StaffMember;

const lead = async (
  site: SiteConfig,
  dealershipId: number,
  payload: Record<string, unknown>,
  createdAt: string,
  carId: number | null = null,
): Promise<string> => {
  const { leadId } = await createLead(db, {
    siteId: site.id,
    dealershipId,
    carId,
    payload: { category: 'Vehicle Enquiry', ...payload } as LeadUserData,
    idempotencyKey: null,
  });
  await db.query('UPDATE leads SET created_at = $2 WHERE lead_id = $1', [leadId, createdAt]);
  return leadId;
};

const ids: Record<string, string> = {};

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  await seedAccountCars(db);
  member = await createStaffMember(db, { siteId: harbour.id, role: 'sales', name: 'Sally Sales' });
  // Harbour is in Sydney (UTC+11 in summer): 2026-11-03T13:30Z is the 4th there at half past midnight.
  ids.sam = await lead(
    harbour,
    1021,
    {
      name: 'Sam',
      last_name: 'Shopper',
      email: 'sam@example.com',
      phone: '0400 111 222',
      message: 'Is it still available?',
      opt_in: true,
      lead_attributes: {
        visited_pages: ['/search', '/cars/2022-toyota'],
        linked_query_params: { utm_source: 'google' },
      },
    },
    '2026-11-01T01:00:00Z',
    CARS.harbour,
  );
  ids.jo = await lead(
    harbour,
    1023,
    { category: 'Trade-In', name: 'Jo', email: 'jo@example.com', rego: 'ABC 123', phone: '02 9999 0000' },
    '2026-11-03T13:30:00Z',
  );
  ids.kim = await lead(
    harbour,
    1023,
    { category: 'Finance Enquiry', name: 'Kim', email: 'kim@example.org', phone: '0411 222 333' },
    '2026-11-05T02:00:00Z',
  );
  ids.other = await lead(bayside, 1011, { name: 'Sam', email: 'sam@example.com' }, '2026-11-04T00:00:00Z');
});

afterAll(async () => {
  await db?.close();
});

const listed = async (filters: Parameters<typeof listInbox>[2] = {}) =>
  (await listInbox(db, harbour, filters)).leads.map((l) => l.lead_id);

describe('the list', () => {
  it('lists the site’s own leads, newest first, with what each card shows', async () => {
    const inbox = await listInbox(db, harbour, {});
    expect(inbox.leads.map((l) => l.lead_id)).toEqual([ids.kim, ids.jo, ids.sam]);
    expect(inbox.leads[2]).toMatchObject({
      name: 'Sam Shopper',
      email: 'sam@example.com',
      phone: '0400 111 222',
      status: 'new',
      category: 'Vehicle Enquiry',
      dealership: { slug: 'harbour-toyota', name: 'Harbour Toyota' },
    });
    expect(inbox.leads[1]?.rego).toBe('ABC 123');
    expect(inbox.types).toEqual(['Finance Enquiry', 'Trade-In', 'Vehicle Enquiry']);
    expect(inbox.dealerships.map((d) => d.slug)).toContain('harbour-kia');
    expect(inbox.next).toBeNull();
  });

  it('filters by type, status and dealership, and refuses a dealership the site does not have', async () => {
    expect(await listed({ type: 'Trade-In' })).toEqual([ids.jo]);
    expect(await listed({ dealership: 'harbour-kia' })).toEqual([ids.kim, ids.jo]);
    expect(await listed({ status: 'sold' })).toEqual([]);
    await expect(listInbox(db, harbour, { dealership: 'bayside-mazda' })).rejects.toBeInstanceOf(
      UnknownDealershipError,
    );
  });

  it('filters by the days the leads arrived, in the site’s own time zone', async () => {
    expect(await listed({ from: '2026-11-04' })).toEqual([ids.kim, ids.jo]);
    expect(await listed({ to: '2026-11-03' })).toEqual([ids.sam]);
    expect(await listed({ from: '2026-11-04', to: '2026-11-04' })).toEqual([ids.jo]);
  });

  it('finds a lead by name, email, phone (however it is spaced) or rego', async () => {
    expect(await listed({ q: 'shopper' })).toEqual([ids.sam]);
    expect(await listed({ q: 'example.org' })).toEqual([ids.kim]);
    expect(await listed({ q: '0400111222' })).toEqual([ids.sam]);
    expect(await listed({ q: 'abc123' })).toEqual([ids.jo]);
    expect(await listed({ q: '100%' })).toEqual([]);
  });

  it('pages newest first without repeating or skipping a lead', async () => {
    const made: string[] = [];
    for (let i = 0; i < LEAD_PAGE_SIZE + 3; i += 1) {
      // Two leads share each second: the page's order breaks the tie by the row.
      const second = String(Math.floor(i / 2)).padStart(2, '0');
      made.push(
        await lead(bayside, 1011, { category: 'Paging', name: `Lead ${i}` }, `2026-10-01T00:00:${second}Z`),
      );
    }
    const first = await listInbox(db, bayside, { type: 'Paging' });
    expect(first.leads).toHaveLength(LEAD_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const rest = await listInbox(db, bayside, { type: 'Paging' }, first.next ?? undefined);
    expect(rest.next).toBeNull();
    const all = [...first.leads, ...rest.leads].map((l) => l.lead_id);
    expect(new Set(all).size).toBe(LEAD_PAGE_SIZE + 3);
    expect(all.slice(0, 1)).toEqual(made.slice(-1));
    expect(all.slice(-2).sort()).toEqual(made.slice(0, 2).sort());
  });
});

describe('a lead’s page', () => {
  it('has everything the shopper sent, the visit, the car, the ADF and the deliveries per recipient', async () => {
    const page = await leadPage(db, harbour, ids.sam as string);
    expect(page).toMatchObject({ name: 'Sam Shopper', status: 'new', car: { id: CARS.harbour } });
    expect(page?.fields).toEqual(
      expect.arrayContaining([
        { name: 'message', value: 'Is it still available?' },
        { name: 'opt_in', value: 'Yes' },
        { name: 'phone', value: '0400 111 222' },
      ]),
    );
    expect(page?.fields.map((f) => f.name)).not.toContain('lead_attributes');
    expect(page?.visit).toEqual({
      pages: ['/search', '/cars/2022-toyota'],
      params: [{ name: 'utm_source', value: 'google' }],
    });
    expect(page?.adf).toContain('<?xml');
    expect(page?.adf).toContain('<adf>');
    expect(page?.deliveries.map((d) => [d.recipient, d.address, d.outcome, d.can_resend])).toEqual([
      ['crm', 'adf@crm.harbourautogroup.example', 'waiting', false],
      ['team', expect.stringContaining('@'), 'waiting', false],
      ['shopper', 'sam@example.com', 'waiting', false],
    ]);
  });

  it('is not found for another site’s lead', async () => {
    expect(await leadPage(db, harbour, ids.other as string)).toBeNull();
    expect(await setLeadStatus(db, harbour, member, ids.other as string, 'sold')).toBe(false);
    expect(await addLeadNote(db, harbour, member, ids.other as string, 'Hi')).toBe(false);
  });
});

describe('what the staff change', () => {
  it('sets the status and adds notes, each with its audit entry; the same status records nothing', async () => {
    const before = (await listAuditEntries(db, harbour.id, { limit: 100, offset: 0 })).total;
    expect(await setLeadStatus(db, harbour, member, ids.kim as string, 'contacted')).toBe(true);
    expect(await setLeadStatus(db, harbour, member, ids.kim as string, 'contacted')).toBe(true);
    expect(await addLeadNote(db, harbour, member, ids.kim as string, 'Called, wants a callback Friday')).toBe(
      true,
    );
    const page = await leadPage(db, harbour, ids.kim as string);
    expect(page?.status).toBe('contacted');
    expect(page?.notes).toEqual([
      expect.objectContaining({ staff_name: 'Sally Sales', text: 'Called, wants a callback Friday' }),
    ]);
    expect(await listed({ status: 'contacted' })).toEqual([ids.kim]);
    const audit = await listAuditEntries(db, harbour.id, { limit: 100, offset: 0 });
    expect(audit.total).toBe(before + 2);
    expect(audit.entries.slice(0, 2).map((e) => [e.action, e.subject, e.staff_id])).toEqual([
      ['lead.note', `lead ${ids.kim}`, member.id],
      ['lead.status', `lead ${ids.kim}`, member.id],
    ]);
    expect(audit.entries[1]?.detail).toEqual({ from: 'new', to: 'contacted' });
  });

  it('sends a given-up acknowledgement again, and refuses one that is not given up', async () => {
    const jo = ids.jo as string;
    await expect(resendDelivery(db, harbour, member, jo, 'acknowledgement')).rejects.toBeInstanceOf(
      NotGivenUpError,
    );
    await expect(resendDelivery(db, harbour, member, jo, 'lead-1')).rejects.toBeInstanceOf(NotGivenUpError);
    let clock = new Date(Date.now() + 1000);
    const sent: Email[] = [];
    let failing = true;
    const mailer: Mailer = {
      target: 'test',
      send: async (email) => {
        if (failing) throw new Error('550 mailbox unavailable');
        sent.push(email);
      },
    };
    const acks = new LeadAcknowledgements({
      db,
      sites,
      mailer,
      from: 'leads@forecourt.test',
      now: () => clock,
    });
    for (let i = 0; i < ACKNOWLEDGEMENT_GIVE_UP_AFTER; i += 1) {
      await acks.runOnce(50);
      clock = new Date(clock.getTime() + 2 * 3600_000);
    }
    const givenUp = (await leadPage(db, harbour, jo))?.deliveries.find((d) => d.recipient === 'shopper');
    expect(givenUp).toMatchObject({
      outcome: 'given_up',
      attempts: ACKNOWLEDGEMENT_GIVE_UP_AFTER,
      last_error: '550 mailbox unavailable',
      can_resend: true,
    });
    expect(await resendDelivery(db, harbour, member, jo, 'acknowledgement')).toBe(true);
    const queued = (await leadPage(db, harbour, jo))?.deliveries.find((d) => d.recipient === 'shopper');
    expect(queued).toMatchObject({ outcome: 'waiting', attempts: 0, can_resend: false });
    failing = false;
    await acks.runOnce(50);
    expect(sent.map((email) => email.to)).toContain('jo@example.com');
    const done = (await leadPage(db, harbour, jo))?.deliveries.find((d) => d.recipient === 'shopper');
    expect(done?.outcome).toBe('sent');
    const audit = await listAuditEntries(db, harbour.id, { limit: 1, offset: 0 });
    expect(audit.entries[0]).toMatchObject({
      action: 'lead.resend',
      detail: { delivery: 'acknowledgement' },
    });
  });
});

describe('the CSV export', () => {
  it('holds the filtered list only, its values quoted and formula characters defused as export.ts does', async () => {
    const hostile = await lead(
      harbour,
      1022,
      {
        name: '=HYPERLINK("http://x")',
        last_name: 'O"Brien, Jr',
        email: 'h@example.com',
        message: '+1 call me',
      },
      '2026-11-06T00:00:00Z',
    );
    const csv = await exportInbox(db, harbour, { dealership: 'harbour-hyundai' });
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe(
      'lead_id,created_at,version,category,subcategory,dealership_id,car_id,name,last_name,email,phone,postcode,message,status',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${hostile}"`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")","O""Brien, Jr","h@example.com"`);
    expect(lines[1]).toContain(`"'+1 call me"`);
    const all = await exportInbox(db, harbour, {});
    expect(all).not.toContain(ids.other);
    expect(all.trim().split('\n')).toHaveLength(1 + 4);
  });

  it('ends each row with the lead’s status as the inbox keeps it, and exports one status alone', async () => {
    expect(await setLeadStatus(db, harbour, member, ids.jo as string, 'appointment')).toBe(true);
    const rows = (await exportInbox(db, harbour, {})).trim().split('\n');
    const statusOf = (id: string | undefined) =>
      rows
        .find((row) => row.startsWith(`"${id}",`))
        ?.split(',')
        .at(-1);
    expect(statusOf(ids.jo)).toBe('"appointment"');
    expect(statusOf(ids.sam)).toBe('"new"');
    const appointments = (await exportInbox(db, harbour, { status: 'appointment' })).trim().split('\n');
    expect(appointments.slice(1).map((row) => row.slice(1, 37))).toEqual([ids.jo]);
  });
});
