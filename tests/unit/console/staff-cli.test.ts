import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAdminRoutes } from '../../../server/console/staff/staff-admin.routes.ts';
import type { Email } from '../../../server/mail/mailer.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { listAuditEntries } from '../../../server/store/audit.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { claimStore, type StoreClaim } from '../../../server/store/store-owner.ts';
import { loadTenants } from '../../../server/tenants/load.ts';

/**
 * Issue 36 item 2: the operator invites with `npm run staff -- --tenant <slug> --invite <email> --role
 * manager|sales`; while a server holds the store, through its admin route with the admin token.
 */
const CLI = fileURLToPath(new URL('../../../server/cli/staff.ts', import.meta.url));

function run(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const { PORT: _port, DATABASE_URL: _url, ADMIN_TOKEN: _token, ...inherited } = process.env;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { env: { ...inherited, DATA_DIR: dataDir, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run staff, through the server holding the store', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fc-staff-cli-'));
  const mails: Email[] = [];
  let db: Db;
  let server: Server;
  let claim: StoreClaim;
  let port: number;

  beforeAll(async () => {
    db = await openStore({ dataDir: IN_MEMORY });
    const routes = staffAdminRoutes({
      db,
      sites: loadTenants(),
      adminToken: loadSecrets(dataDir).adminToken,
      // As the demo runs it: links on the dealers' local names.
      localLinks: true,
      mail: {
        from: 'console@forecourt.test',
        mailer: { target: 'memory', send: async (email) => void mails.push(email) },
      },
    });
    const { Hono } = await import('hono');
    const app = new Hono().route('/api/admin', routes);
    server = createAdaptorServer({ fetch: app.fetch }) as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
    claim = claimStore(dataDir, 'server');
    claim.serving(`http://127.0.0.1:${port}`);
  }, 60_000);
  afterAll(async () => {
    claim?.release();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await db?.close();
  });

  it('invites: the link on the dealer’s site is emailed, and the operator’s invitation is in the audit log', async () => {
    const result = await run(dataDir, [
      '--tenant',
      'bayside-mazda',
      '--invite',
      'Newbie@Example.com',
      '--role',
      'manager',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "Invited newbie@example.com to bayside-mazda's console as manager through the running server",
    );
    const mail = mails.at(-1);
    expect(mail?.to).toBe('newbie@example.com');
    expect(mail?.text).toContain('You are invited to join the Bayside Mazda dealer console as a manager.');
    expect(mail?.text).toMatch(
      new RegExp(`http://bayside-mazda\\.localhost:${port}/dealer/invitation\\?token=[A-Za-z0-9_-]{43}`),
    );
    const { rows } = await db.query('SELECT site_id, email, role, invited_by FROM staff_invitations');
    expect(rows).toEqual([{ site_id: 101, email: 'newbie@example.com', role: 'manager', invited_by: null }]);
    const audit = await listAuditEntries(db, 101, { limit: 5, offset: 0 });
    expect(audit.entries.map((entry) => [entry.action, entry.staff_id, entry.detail])).toEqual([
      ['staff.invite', null, { email: 'newbie@example.com', role: 'manager', by: 'operator' }],
    ]);
  }, 120_000);

  it('refuses a wrong admin token', async () => {
    const wrong = await run(
      dataDir,
      ['--tenant', 'bayside-mazda', '--invite', 'a@example.com', '--role', 'sales'],
      {
        ADMIN_TOKEN: 'not-the-token',
      },
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('refused the admin token');
    expect(mails.filter((mail) => mail.to === 'a@example.com')).toEqual([]);
  }, 120_000);

  it('refuses an unknown dealer and bad arguments', async () => {
    const unknown = await run(dataDir, [
      '--tenant',
      'nobody',
      '--invite',
      'a@example.com',
      '--role',
      'sales',
    ]);
    expect(unknown.stderr).toContain('No dealer site nobody');
    const bad = await run(dataDir, [
      '--tenant',
      'bayside-mazda',
      '--invite',
      'a@example.com',
      '--role',
      'owner',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('usage: npm run staff');
    expect(mails.filter((mail) => mail.to === 'a@example.com')).toEqual([]);
  }, 120_000);
});
