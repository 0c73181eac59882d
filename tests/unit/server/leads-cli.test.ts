import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadsAdminRoutes } from '../../../server/leads/admin.routes.ts';
import { formatLeads } from '../../../server/leads/export.ts';
import type { Db } from '../../../server/store/db.ts';
import { createLead, type StoredLead } from '../../../server/store/leads.repo.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';

/** Issue 15 item 6: `npm run leads` prints a dealer's stored leads as JSON, ADF/XML or CSV. */
const CLI = fileURLToPath(new URL('../../../server/cli/leads.ts', import.meta.url));
const lead = (email: string, message: string) => ({
  siteId: 101,
  dealershipId: 1011,
  carId: null,
  payload: { category: 'General Enquiry', name: 'Jo', email, message },
  idempotencyKey: null,
});

function run(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { PORT: _port, DATABASE_URL: _url, ...env } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { env: { ...env, DATA_DIR: dataDir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run leads, with no server holding the store', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fc-leads-'));
  beforeAll(async () => {
    const db = await openStore({ dataDir: join(dataDir, 'pglite') });
    await createLead(db, lead('jo@example.com', 'Hello, "dealer"'));
    await createLead(db, lead('=cmd@example.com', 'Second'));
    await db.close();
  }, 60_000);

  it('prints JSON, CSV (spreadsheet-safe) and ADF/XML', async () => {
    const json = await run(dataDir, ['--tenant', 'bayside-mazda']);
    expect(json.code).toBe(0);
    const leads = JSON.parse(json.stdout) as { payload: { email: string } }[];
    expect(leads.map((l) => l.payload.email)).toEqual(['jo@example.com', '=cmd@example.com']);
    const csv = await run(dataDir, ['--tenant', 'bayside-mazda', '--format', 'csv']);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'lead_id,created_at,version,category,subcategory,dealership_id,car_id,name,last_name,email,phone,postcode,message',
    );
    expect(lines[1]).toContain('"jo@example.com"');
    expect(lines[1]).toContain('"Hello, ""dealer"""');
    expect(lines[2]).toContain(`"'=cmd@example.com"`);
    const adf = await run(dataDir, ['--tenant', 'bayside-mazda', '--format', 'adf']);
    expect(adf.stdout.match(/<adf>/g)).toHaveLength(2);
  }, 60_000);

  it('--since leaves out older leads; other tenants have none; bad arguments say how to call it', async () => {
    const future = await run(dataDir, ['--tenant', 'bayside-mazda', '--since', '2999-01-01T00:00:00Z']);
    expect(JSON.parse(future.stdout)).toEqual([]);
    const harbour = await run(dataDir, ['--tenant', 'harbour-auto-group']);
    expect(JSON.parse(harbour.stdout)).toEqual([]);
    const bad = await run(dataDir, ['--tenant', 'bayside-mazda', '--format', 'xml']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('usage: npm run leads');
    const unknown = await run(dataDir, ['--tenant', 'nobody']);
    expect(unknown.stderr).toContain('unknown tenant nobody');
  }, 60_000);
});

describe('GET /api/admin/leads, for the command while a server holds the store', () => {
  let db: Db;
  const app = () => leadsAdminRoutes({ db, sites: loadTenants(), adminToken: 'admin-token' });
  beforeAll(async () => {
    db = await openStore({ dataDir: IN_MEMORY });
    await createLead(db, lead('jo@example.com', 'Hi'));
  });
  afterAll(async () => {
    await db?.close();
  });

  it('answers the formatted leads with the admin token only', async () => {
    expect((await app().request('/leads?tenant=bayside-mazda')).status).toBe(401);
    const ok = await app().request('/leads?tenant=bayside-mazda&format=csv', {
      headers: { authorization: 'Bearer admin-token' },
    });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { count: number; text: string };
    expect(body.count).toBe(1);
    expect(body.text).toContain('"jo@example.com"');
    const unknown = await app().request('/leads?tenant=nobody', {
      headers: { authorization: 'Bearer admin-token' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the CSV a dealer opens in a spreadsheet (issue 31 item 9)', () => {
  const site = loadTenants().find((s) => s.slug === 'bayside-mazda');
  const stored = (message: string): StoredLead => ({
    lead_id: '00000000-0000-4000-8000-000000000001',
    site_id: 101,
    dealership_id: 1011,
    car_id: null,
    category: 'General Enquiry',
    subcategory: null,
    payload: { category: 'General Enquiry', message },
    version: 1,
    created_at: '2026-11-27T03:36:26.617Z',
  });
  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+1+1', `"'+1+1"`],
    ['-1+1', `"'-1+1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['Is it still available?', '"Is it still available?"'],
  ])('a message starting %j is written %s: never a formula', async (message, cell) => {
    if (!site) throw new Error('no Bayside Mazda');
    const csv = await formatLeads([stored(message)], site, 'csv', null);
    expect(csv.endsWith(`,${cell}\n`)).toBe(true);
  });
});
