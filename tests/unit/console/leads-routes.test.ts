import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadDetailSchema, leadInboxSchema } from '../../../domain/contracts/console-leads.ts';
import type { LeadUserData } from '../../../domain/lead.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import { apiRouter } from '../../../server/api/serve.ts';
import { createApp } from '../../../server/app.ts';
import type { AppEnv } from '../../../server/app-env.ts';
import { leadsConsoleEndpoints } from '../../../server/console/leads/leads.routes.ts';
import { staffSession } from '../../../server/console/staff-session.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { listAuditEntries } from '../../../server/store/audit.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { createLead } from '../../../server/store/leads.repo.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { createStaffMember, staffCookie } from '../../fixtures/staff.ts';

/**
 * Issue 36 items 3 and 8: the leads inbox's endpoints on the real app and store, behind the console's
 * session — only this site's staff, only this site's leads, every change same-origin.
 */
const sites = loadTenants();
const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-console-leads-'));
const HARBOUR = 'harbour-auto-group';
const BAYSIDE = 'bayside-mazda';
let db: Db;
let harbourSales: StaffMember;
let baysideManager: StaffMember;
let harbourCookie: string;
let baysideCookie: string;
let harbourLead: string;
let baysideLead: string;

/** The inbox's endpoints behind the staff session, as `consoleApiRoutes` mounts them. */
function consoleLeads() {
  const api = new Hono<AppEnv>();
  api.use('/dealer/*', staffSession({ db }));
  api.route('/', apiRouter(...leadsConsoleEndpoints({ db })));
  return api;
}

function app() {
  return createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    sites,
    secrets: loadSecrets(dataDir),
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger: createLogger({ quiet: true }),
    apiRoutes: [consoleLeads()],
  });
}

const call = (
  slug: string,
  path: string,
  init: { cookie?: string; body?: unknown; origin?: string } = {},
) => {
  const headers: Record<string, string> = { host: `${slug}.localhost` };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers.origin = init.origin ?? `http://${slug}.localhost`;
    headers['sec-fetch-site'] = init.origin ? 'cross-site' : 'same-origin';
  }
  return app().request(path, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
};

const store = async (siteId: number, dealershipId: number, payload: Record<string, unknown>) =>
  (
    await createLead(db, {
      siteId,
      dealershipId,
      carId: null,
      payload: { category: 'General Enquiry', ...payload } as LeadUserData,
      idempotencyKey: null,
    })
  ).leadId;

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  harbourSales = await createStaffMember(db, { siteId: 102, role: 'sales', name: 'Hana Sales' });
  baysideManager = await createStaffMember(db, { siteId: 101, role: 'manager' });
  harbourCookie = await staffCookie(db, harbourSales);
  baysideCookie = await staffCookie(db, baysideManager);
  harbourLead = await store(102, 1023, {
    name: 'Kim',
    email: 'kim@example.com',
    message: 'Hi, "quote", please',
  });
  await store(102, 1021, { category: 'Trade-In', name: 'Lee', email: 'lee@example.com', rego: 'XYZ789' });
  baysideLead = await store(101, 1011, { name: 'Sam', email: 'sam@example.com' });
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe('the inbox’s guard', () => {
  it('answers nothing signed out, or to another dealer’s staff', async () => {
    for (const path of [
      '/api/dealer/leads',
      `/api/dealer/leads/${harbourLead}`,
      '/api/dealer/leads/export',
    ]) {
      const signedOut = await call(HARBOUR, path);
      expect(signedOut.status).toBe(401);
      const stranger = await call(HARBOUR, path, { cookie: baysideCookie });
      expect(stranger.status).toBe(401);
      expect(await stranger.text()).not.toContain('kim@example.com');
    }
    const status = await call(HARBOUR, `/api/dealer/leads/${harbourLead}/status`, {
      cookie: baysideCookie,
      body: { status: 'sold' },
    });
    expect(status.status).toBe(401);
  });

  it('refuses a change sent from another site', async () => {
    const response = await call(HARBOUR, `/api/dealer/leads/${harbourLead}/status`, {
      cookie: harbourCookie,
      body: { status: 'lost' },
      origin: 'http://bayside-mazda.localhost',
    });
    expect(response.status).toBe(403);
  });

  it('does not find another site’s lead, even for its own staff on this site', async () => {
    const response = await call(HARBOUR, `/api/dealer/leads/${baysideLead}`, { cookie: harbourCookie });
    expect(response.status).toBe(404);
    const change = await call(HARBOUR, `/api/dealer/leads/${baysideLead}/notes`, {
      cookie: harbourCookie,
      body: { text: 'mine now' },
    });
    expect(change.status).toBe(404);
    const own = await call(BAYSIDE, `/api/dealer/leads/${baysideLead}`, { cookie: baysideCookie });
    expect(own.status).toBe(200);
  });
});

describe('the inbox for a sales member', () => {
  it('lists this site’s leads, filtered and searched, and refuses a dealership it does not have', async () => {
    const all = leadInboxSchema.parse(
      await (await call(HARBOUR, '/api/dealer/leads', { cookie: harbourCookie })).json(),
    );
    expect(all.leads.map((l) => l.name)).toEqual(['Lee', 'Kim']);
    const search = leadInboxSchema.parse(
      await (await call(HARBOUR, '/api/dealer/leads?q=xyz%20789', { cookie: harbourCookie })).json(),
    );
    expect(search.leads.map((l) => l.name)).toEqual(['Lee']);
    const kia = leadInboxSchema.parse(
      await (
        await call(HARBOUR, '/api/dealer/leads?dealership=harbour-kia', { cookie: harbourCookie })
      ).json(),
    );
    expect(kia.leads.map((l) => l.lead_id)).toEqual([harbourLead]);
    const unknown = await call(HARBOUR, '/api/dealer/leads?dealership=bayside-mazda', {
      cookie: harbourCookie,
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { fields: { dealership: expect.any(String) } } });
  });

  it('sets a status and adds a note, answering the lead’s page, each change in the audit log', async () => {
    const status = await call(HARBOUR, `/api/dealer/leads/${harbourLead}/status`, {
      cookie: harbourCookie,
      body: { status: 'appointment' },
    });
    expect(status.status).toBe(200);
    expect(leadDetailSchema.parse(await status.json()).status).toBe('appointment');
    const empty = await call(HARBOUR, `/api/dealer/leads/${harbourLead}/notes`, {
      cookie: harbourCookie,
      body: { text: '   ' },
    });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ error: { fields: { text: 'Please write a note' } } });
    const note = await call(HARBOUR, `/api/dealer/leads/${harbourLead}/notes`, {
      cookie: harbourCookie,
      body: { text: 'Booked for Saturday 10am' },
    });
    expect(note.status).toBe(201);
    expect(leadDetailSchema.parse(await note.json()).notes).toEqual([
      expect.objectContaining({ staff_name: 'Hana Sales', text: 'Booked for Saturday 10am' }),
    ]);
    const audit = await listAuditEntries(db, 102, { limit: 10, offset: 0 });
    expect(audit.entries.map((e) => [e.action, e.subject, e.staff_id])).toEqual([
      ['lead.note', `lead ${harbourLead}`, harbourSales.id],
      ['lead.status', `lead ${harbourLead}`, harbourSales.id],
    ]);
    expect((await listAuditEntries(db, 101, { limit: 10, offset: 0 })).total).toBe(0);
  });

  it('refuses to resend a delivery that was not given up', async () => {
    const response = await call(HARBOUR, `/api/dealer/leads/${harbourLead}/resend`, {
      cookie: harbourCookie,
      body: { delivery: 'acknowledgement' },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { code: 'not_given_up' } });
  });

  it('downloads the filtered list as CSV', async () => {
    const response = await call(HARBOUR, '/api/dealer/leads/export?status=appointment', {
      cookie: harbourCookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-harbour-auto-group-/,
    );
    const lines = (await response.text()).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${harbourLead}"`);
    expect(lines[1]).toContain('"Hi, ""quote"", please"');
  });
});
