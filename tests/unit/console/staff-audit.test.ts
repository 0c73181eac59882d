import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditLogAnswer } from '../../../domain/contracts/console-staff.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import { recordAudit } from '../../../server/console/audit.ts';
import { totpCode } from '../../../server/console/staff/totp.ts';
import { createStaffMember, staffCookie } from '../../fixtures/staff.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import { BAYSIDE, HARBOUR, invitationToken, staffTestApp } from './staff-test-app.ts';

/**
 * Issue 36 item 2: every change to the staff is written to the dealer's audit log in the change's own
 * transaction (no change without its entry), and a manager reads it newest first, a page at a time.
 */
describe.each(testDrivers('staff-audit'))('the audit log on $name', (driver) => {
  let store: TestStore;
  let clock = new Date('2026-11-27T09:00:00.000Z');
  const now = () => clock;
  const tick = () => {
    clock = new Date(clock.getTime() + 1000);
  };
  let app: ReturnType<typeof staffTestApp>;
  let manager: StaffMember;
  let cookie: string;

  beforeAll(async () => {
    store = await driver.open();
    app = staffTestApp(store.db, { now });
    manager = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'manager', name: 'Mia Manager' });
    cookie = await staffCookie(store.db, manager, clock);
  });
  afterAll(async () => {
    await store?.cleanup();
  });

  const audit = async (page = 1, as = cookie) =>
    (await app.call(BAYSIDE.slug, `/api/dealer/audit?page=${page}`, { cookie: as })).json<AuditLogAnswer>();

  it('writes an entry for each change — invite, join, role, remove, two-step on and off — newest first', async () => {
    await app.call(BAYSIDE.slug, '/api/dealer/staff/invitations', {
      cookie,
      body: { email: 'new@example.com', role: 'sales' },
    });
    tick();
    const joined = await app.call(BAYSIDE.slug, '/api/dealer/invitation/accept', {
      body: {
        token: invitationToken(app.mails, 'new@example.com'),
        name: 'Nina New',
        password: 'long enough password',
      },
    });
    const { member } = await joined.json<{ member: StaffMember }>();
    const memberCookie = joined.cookie ?? '';
    tick();
    const enrol = await app.call(BAYSIDE.slug, '/api/dealer/account/totp/enrol', {
      cookie: memberCookie,
      body: {},
    });
    const { secret } = await enrol.json<{ secret: string }>();
    await app.call(BAYSIDE.slug, '/api/dealer/account/totp/confirm', {
      cookie: memberCookie,
      body: { code: await totpCode(secret, clock) },
    });
    tick();
    clock = new Date(clock.getTime() + 60_000);
    await app.call(BAYSIDE.slug, '/api/dealer/account/totp/disable', {
      cookie: memberCookie,
      body: { code: await totpCode(secret, clock) },
    });
    tick();
    await app.call(BAYSIDE.slug, `/api/dealer/staff/${member.id}/role`, {
      cookie,
      body: { role: 'manager' },
    });
    tick();
    await app.call(BAYSIDE.slug, `/api/dealer/staff/${member.id}/remove`, { cookie, body: {} });

    const log = await audit();
    expect(log.total).toBe(6);
    expect(log.entries.map((entry) => [entry.action, entry.subject, entry.by?.name ?? null])).toEqual([
      ['staff.remove', `staff ${member.id}`, 'Mia Manager'],
      ['staff.role', `staff ${member.id}`, 'Mia Manager'],
      ['staff.totp_disable', `staff ${member.id}`, 'Nina New'],
      ['staff.totp_enable', `staff ${member.id}`, 'Nina New'],
      ['staff.join', `staff ${member.id}`, 'Nina New'],
      ['staff.invite', 'invitation new@example.com', 'Mia Manager'],
    ]);
    expect(log.entries[1]?.detail).toEqual({ email: 'new@example.com', from: 'sales', to: 'manager' });
    expect(log.entries[5]?.detail).toEqual({ email: 'new@example.com', role: 'sales', by: 'manager' });
    expect(JSON.stringify(log)).not.toContain(secret);
  }, 60_000);

  it('is paged 50 at a time, and holds only this dealer’s entries', async () => {
    await store.db.transaction(async (tx) => {
      for (let index = 0; index < 60; index += 1) {
        await recordAudit(tx, {
          siteId: BAYSIDE.id,
          staffId: manager.id,
          action: 'lead.status',
          subject: `lead ${index}`,
          at: new Date(Date.parse('2026-11-28T00:00:00.000Z') + index * 1000),
        });
      }
      await recordAudit(tx, {
        siteId: HARBOUR.id,
        staffId: null,
        action: 'staff.invite',
        subject: 'invitation x@y.z',
      });
    });
    const first = await audit(1);
    expect(first).toMatchObject({ page: 1, pages: 2, total: 66 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]?.subject).toBe('lead 59');
    const second = await audit(2);
    expect(second.entries).toHaveLength(16);
    expect(second.entries.at(-1)?.action).toBe('staff.invite');
  });

  it('a change whose entry cannot be written is not made', async () => {
    const other = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'sales' });
    await store.db.query(
      `ALTER TABLE audit_log ADD CONSTRAINT audit_refused CHECK (action <> 'staff.role') NOT VALID`,
    );
    // The refused entry fails the request, which the server logs as an error.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const changed = await app.call(BAYSIDE.slug, `/api/dealer/staff/${other.id}/role`, {
        cookie,
        body: { role: 'manager' },
      });
      expect(changed.status).toBe(500);
      expect(String(logged.mock.calls[0]?.[0])).toContain('audit_refused');
      const { rows } = await store.db.query<{ role: string }>(
        'SELECT role FROM staff_members WHERE id = $1',
        [other.id],
      );
      expect(rows[0]?.role).toBe('sales');
    } finally {
      await store.db.query('ALTER TABLE audit_log DROP CONSTRAINT audit_refused');
    }
  });

  it('only managers read it', async () => {
    const sales = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'sales' });
    const answer = await app.call(BAYSIDE.slug, '/api/dealer/audit', {
      cookie: await staffCookie(store.db, sales, clock),
    });
    expect(answer.status).toBe(403);
  });
});
