import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffListAnswer } from '../../../domain/contracts/console-staff.ts';
import { STAFF_MESSAGES, type StaffMember } from '../../../domain/staff.ts';
import { createStaffMember, staffCookie } from '../../fixtures/staff.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import { BAYSIDE, HARBOUR, invitationToken, staffTestApp } from './staff-test-app.ts';

const HOUR = 3_600_000;

/**
 * Issue 36 item 2: a manager invites by email; the link works once, for 72 hours, on the dealer's own
 * site; accepting it sets the new member's name and password and signs them in with the role they
 * were invited to. Managers run the staff (roles, removals) and the site always keeps a manager.
 */
describe.each(testDrivers('staff-invitations'))('staff invitations on $name', (driver) => {
  let store: TestStore;
  let clock = new Date('2026-11-27T09:00:00.000Z');
  const now = () => clock;
  let app: ReturnType<typeof staffTestApp>;
  let manager: StaffMember;
  let managerCookie: string;

  beforeAll(async () => {
    store = await driver.open();
    app = staffTestApp(store.db, { now });
    manager = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'manager', name: 'Mia Manager' });
    managerCookie = await staffCookie(store.db, manager, clock);
  });
  afterAll(async () => {
    await store?.cleanup();
  });

  const invite = (email: string, role: 'manager' | 'sales', cookie = managerCookie) =>
    app.call(BAYSIDE.slug, '/api/dealer/staff/invitations', { cookie, body: { email, role } });
  const accept = (token: string, slug: string = BAYSIDE.slug) =>
    app.call(slug, '/api/dealer/invitation/accept', {
      body: { token, name: '  Sam Sales ', password: 'a good long password' },
    });
  const lookup = (token: string, slug: string = BAYSIDE.slug) =>
    app.call(slug, `/api/dealer/invitation?token=${token}`);
  const errorOf = async (answer: { json<T>(): Promise<T> }) =>
    (await answer.json<{ error: { code: string; message: string } }>()).error;

  it('emails a one-use link on the dealer’s site; accepting it signs the new member in with the invited role', async () => {
    const sent = await invite('Sam@Example.com', 'sales');
    expect(sent.status).toBe(201);
    expect(await sent.json()).toEqual({
      invitation: {
        id: expect.any(Number),
        email: 'sam@example.com',
        role: 'sales',
        expires_at: new Date(clock.getTime() + 72 * HOUR).toISOString(),
      },
      emailed: true,
    });
    const mail = app.mails.at(-1);
    expect(mail?.to).toBe('sam@example.com');
    expect(mail?.subject).toBe('Your invitation to the dealer console - Bayside Mazda');
    expect(mail?.text).toContain('Mia Manager has invited you to join the Bayside Mazda dealer console');
    expect(mail?.text).toMatch(
      /http:\/\/bayside-mazda\.localhost\/dealer\/invitation\?token=[A-Za-z0-9_-]{43}\n/,
    );
    expect(mail?.text).toContain('The link works once, for 72 hours.');
    const token = invitationToken(app.mails, 'sam@example.com');

    const shown = await lookup(token);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({
      email: 'sam@example.com',
      role: 'sales',
      dealer: 'Bayside Mazda',
      expires_at: new Date(clock.getTime() + 72 * HOUR).toISOString(),
    });
    // Another dealer's site does not know the token.
    expect(await errorOf(await lookup(token, HARBOUR.slug))).toEqual({
      code: 'invalid_invitation',
      message: STAFF_MESSAGES.invitationUnknown,
    });

    const accepted = await accept(token);
    expect(accepted.status).toBe(201);
    const { member } = await accepted.json<{ member: StaffMember }>();
    expect(member).toMatchObject({
      email: 'sam@example.com',
      name: 'Sam Sales',
      role: 'sales',
      totp_enabled: false,
    });
    expect(accepted.cookie).toMatch(/^forecourt_staff=/);
    const me = await app.call(BAYSIDE.slug, '/api/dealer/me', { cookie: accepted.cookie ?? '' });
    expect(await me.json()).toEqual({ member });
    // A sales member cannot open the staff.
    const staff = await app.call(BAYSIDE.slug, '/api/dealer/staff', { cookie: accepted.cookie ?? '' });
    expect(staff.status).toBe(403);
    expect(await errorOf(staff)).toEqual({ code: 'forbidden', message: STAFF_MESSAGES.managerOnly });

    // Replayed: refused, nothing signed in, and the page says it was used.
    const replay = await accept(token);
    expect(replay.status).toBe(410);
    expect(replay.cookie).toBeNull();
    expect(await errorOf(replay)).toEqual({
      code: 'invalid_invitation',
      message: STAFF_MESSAGES.invitationUsed,
    });
    expect(await errorOf(await lookup(token))).toEqual({
      code: 'invalid_invitation',
      message: STAFF_MESSAGES.invitationUsed,
    });
  }, 60_000);

  it('an invitation expires after 72 hours', async () => {
    await invite('late@example.com', 'sales');
    const token = invitationToken(app.mails, 'late@example.com');
    clock = new Date(clock.getTime() + 72 * HOUR);
    expect(await errorOf(await lookup(token))).toEqual({
      code: 'invalid_invitation',
      message: STAFF_MESSAGES.invitationExpired,
    });
    const late = await accept(token);
    expect(late.status).toBe(410);
    expect(late.cookie).toBeNull();
    clock = new Date('2026-11-27T09:00:00.000Z');
    const { rows } = await store.db.query('SELECT id FROM staff_members WHERE email = $1', [
      'late@example.com',
    ]);
    expect(rows).toEqual([]);
  });

  it('an address already on the staff is not invited again; only managers invite', async () => {
    const existing = await invite(manager.email, 'sales');
    expect(existing.status).toBe(409);
    expect((await errorOf(existing)).code).toBe('already_member');
    const sales = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'sales' });
    const refused = await invite('friend@example.com', 'manager', await staffCookie(store.db, sales, clock));
    expect(refused.status).toBe(403);
    expect(app.mails.some((mail) => mail.to === 'friend@example.com')).toBe(false);
  });

  it('a manager lists the staff and pending invitations, changes roles and removes members, never the last manager', async () => {
    const other = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'sales', name: 'Ola Other' });
    const otherCookie = await staffCookie(store.db, other, clock);
    await invite('pending@example.com', 'manager');
    const list = await app.call(BAYSIDE.slug, '/api/dealer/staff', { cookie: managerCookie });
    expect(list.status).toBe(200);
    const { members, invitations } = await list.json<StaffListAnswer>();
    expect(members.find((m) => m.id === other.id)).toMatchObject({
      name: 'Ola Other',
      role: 'sales',
      active: true,
    });
    expect(invitations.map((i) => i.email)).toContain('pending@example.com');

    // Promoted: the change counts from their next request.
    const promoted = await app.call(BAYSIDE.slug, `/api/dealer/staff/${other.id}/role`, {
      cookie: managerCookie,
      body: { role: 'manager' },
    });
    expect(promoted.status).toBe(200);
    expect((await app.call(BAYSIDE.slug, '/api/dealer/staff', { cookie: otherCookie })).status).toBe(200);

    // Removed: their session ends at once.
    const removed = await app.call(BAYSIDE.slug, `/api/dealer/staff/${other.id}/remove`, {
      cookie: managerCookie,
      body: {},
    });
    expect(removed.status).toBe(200);
    expect((await removed.json<{ member: { active: boolean } }>()).member.active).toBe(false);
    expect((await app.call(BAYSIDE.slug, '/api/dealer/me', { cookie: otherCookie })).status).toBe(401);

    // The last manager can neither step down nor be removed.
    const { rows } = await store.db.query<{ id: number }>(
      `SELECT id FROM staff_members WHERE site_id = $1 AND role = 'manager' AND disabled_at IS NULL`,
      [BAYSIDE.id],
    );
    expect(rows.map((row) => row.id)).toEqual([manager.id]);
    const down = await app.call(BAYSIDE.slug, `/api/dealer/staff/${manager.id}/role`, {
      cookie: managerCookie,
      body: { role: 'sales' },
    });
    expect(down.status).toBe(409);
    expect(await errorOf(down)).toEqual({ code: 'last_manager', message: STAFF_MESSAGES.lastManager });
    const self = await app.call(BAYSIDE.slug, `/api/dealer/staff/${manager.id}/remove`, {
      cookie: managerCookie,
      body: {},
    });
    expect(self.status).toBe(409);

    // Another dealer's member is not found here.
    const stranger = await createStaffMember(store.db, { siteId: HARBOUR.id, role: 'sales' });
    const elsewhere = await app.call(BAYSIDE.slug, `/api/dealer/staff/${stranger.id}/remove`, {
      cookie: managerCookie,
      body: {},
    });
    expect(elsewhere.status).toBe(404);
  }, 60_000);

  it('a removed member invited again comes back with the new role and password, and no second step', async () => {
    const back = await createStaffMember(store.db, {
      siteId: BAYSIDE.id,
      role: 'manager',
      email: 'back@example.com',
    });
    await store.db.query(
      `UPDATE staff_members SET disabled_at = now(), totp_secret = 'JBSWY3DPEHPK3PXPJBSWY3DP' WHERE id = $1`,
      [back.id],
    );
    expect((await invite('back@example.com', 'sales')).status).toBe(201);
    const accepted = await accept(invitationToken(app.mails, 'back@example.com'));
    expect(accepted.status).toBe(201);
    expect((await accepted.json<{ member: StaffMember }>()).member).toEqual({
      ...back,
      name: 'Sam Sales',
      role: 'sales',
      totp_enabled: false,
    });
  }, 60_000);
});
