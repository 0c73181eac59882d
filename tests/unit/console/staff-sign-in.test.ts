import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffMember } from '../../../domain/staff.ts';
import { STAFF_MESSAGES } from '../../../domain/staff.ts';
import { memoryLimiters, RateLimiter } from '../../../server/auth/rate-limit.ts';
import { totpCode } from '../../../server/console/staff/totp.ts';
import { listAuditEntries } from '../../../server/store/audit.repo.ts';
import { createStaffMember, STAFF_PASSWORD, staffCookie } from '../../fixtures/staff.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import { BAYSIDE, HARBOUR, roomyLimiters, staffTestApp } from './staff-test-app.ts';

const HOUR = 3_600_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Issue 36 item 2: staff sign in to their own dealer's console with a session of their own — its own
 * cookie (HttpOnly, SameSite=Strict, `__Host-` over https), 12 hours at most and 2 idle — limited
 * per address and per member, with an optional second step (TOTP) each member turns on for themselves.
 */
describe.each(testDrivers('staff-sign-in'))('staff sign-in on $name', (driver) => {
  let store: TestStore;
  let clock = new Date('2026-11-27T09:00:00.000Z');
  const now = () => clock;
  let manager: StaffMember;
  let harbourManager: StaffMember;

  beforeAll(async () => {
    store = await driver.open();
    manager = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'manager', name: 'Mia Manager' });
    harbourManager = await createStaffMember(store.db, { siteId: HARBOUR.id, role: 'manager' });
  });
  afterAll(async () => {
    await store?.cleanup();
  });

  const signIn = (app: ReturnType<typeof staffTestApp>, body: Record<string, unknown>, https = false) =>
    app.call(BAYSIDE.slug, '/api/dealer/session/sign-in', { body, https });

  it('signs in with the right password: an HttpOnly, SameSite=Strict cookie of 12 hours, stored only as its hash', async () => {
    const app = staffTestApp(store.db, { now });
    const answer = await signIn(app, { email: manager.email.toUpperCase(), password: STAFF_PASSWORD });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ member: manager });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const setCookie = answer.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^forecourt_staff=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('Max-Age=43200');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).not.toContain('Secure');
    const token = (answer.cookie ?? '').split('=')[1] ?? '';
    const { rows } = await store.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM staff_sessions WHERE member_id = $1',
      [manager.id],
    );
    expect(rows.map((row) => row.token_hash)).toContain(sha256(token));
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
    const me = await app.call(BAYSIDE.slug, '/api/dealer/me', { cookie: answer.cookie ?? '' });
    expect(await me.json()).toEqual({ member: manager });
  }, 60_000);

  it('over https the cookie is __Host- and Secure, and the plain name is not read there', async () => {
    const app = staffTestApp(store.db, { now });
    const answer = await signIn(app, { email: manager.email, password: STAFF_PASSWORD }, true);
    expect(answer.status).toBe(200);
    const setCookie = answer.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^__Host-forecourt_staff=/);
    expect(setCookie).toContain('Secure');
    const token = (answer.cookie ?? '').split('=')[1];
    const secure = await app.call(BAYSIDE.slug, '/api/dealer/me', {
      cookie: answer.cookie ?? '',
      https: true,
    });
    expect(secure.status).toBe(200);
    const plain = await app.call(BAYSIDE.slug, '/api/dealer/me', {
      cookie: `forecourt_staff=${token}`,
      https: true,
    });
    expect(plain.status).toBe(401);
  });

  it('a wrong password, an unknown email and a removed member get one answer and no cookie', async () => {
    const app = staffTestApp(store.db, { now });
    const removed = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'sales' });
    await store.db.query('UPDATE staff_members SET disabled_at = now() WHERE id = $1', [removed.id]);
    const answers = [
      await signIn(app, { email: manager.email, password: 'not the password' }),
      await signIn(app, { email: 'nobody@staff.example', password: STAFF_PASSWORD }),
      await signIn(app, { email: removed.email, password: STAFF_PASSWORD }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.cookie).toBeNull();
      expect(await answer.json()).toEqual({
        error: { code: 'invalid_credentials', message: STAFF_MESSAGES.signInFailed },
      });
    }
  }, 60_000);

  it('another dealer’s staff are strangers: their password does not sign in here, nor their session count', async () => {
    const app = staffTestApp(store.db, { now });
    const there = await signIn(app, { email: harbourManager.email, password: STAFF_PASSWORD });
    expect(there.status).toBe(401);
    const cookie = await staffCookie(store.db, harbourManager, clock);
    expect((await app.call(HARBOUR.slug, '/api/dealer/me', { cookie })).status).toBe(200);
    const here = await app.call(BAYSIDE.slug, '/api/dealer/me', { cookie });
    expect(here.status).toBe(401);
    expect(await here.json()).toEqual({
      error: { code: 'unauthorized', message: 'Sign in to the dealer console' },
    });
  });

  it('sign-in is limited per address: the eleventh attempt in a row is 429 with Retry-After', async () => {
    const app = staffTestApp(store.db, { now, limiters: memoryLimiters });
    // Guesses at ten members (each member's own bucket stays full), then the right password.
    const guessed = await Promise.all(
      Array.from({ length: 10 }, () => createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'sales' })),
    );
    const statuses: number[] = [];
    for (const member of guessed) {
      statuses.push((await signIn(app, { email: member.email, password: 'guess' })).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const refused = await signIn(app, { email: manager.email, password: STAFF_PASSWORD });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.cookie).toBeNull();
  }, 60_000);

  it('and per member, whatever the address: the eleventh guess at one member is 429, even with the right password', async () => {
    // Addresses never run out here (a flood from many); the member's own bucket still does.
    const app = staffTestApp(store.db, {
      now,
      limiters: (config, name) =>
        name === 'staff-account' ? new RateLimiter(config) : roomyLimiters(config, name),
    });
    const target = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'sales' });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(app, { email: target.email, password: `guess ${attempt}` })).status).toBe(401);
    }
    expect((await signIn(app, { email: target.email, password: STAFF_PASSWORD })).status).toBe(429);
    expect((await signIn(app, { email: manager.email, password: STAFF_PASSWORD })).status).toBe(200);
  }, 60_000);

  it('a session ends after 2 hours without a request, and after 12 hours however busy', async () => {
    const app = staffTestApp(store.db, { now });
    clock = new Date('2026-11-27T09:00:00.000Z');
    const idle = await staffCookie(store.db, manager, clock);
    const busy = await staffCookie(store.db, manager, clock);
    const me = (cookie: string) => app.call(BAYSIDE.slug, '/api/dealer/me', { cookie }).then((a) => a.status);
    clock = new Date(clock.getTime() + 1.5 * HOUR);
    expect(await me(idle)).toBe(200);
    clock = new Date(clock.getTime() + 1.9 * HOUR);
    expect(await me(idle)).toBe(200);
    clock = new Date(clock.getTime() + 2 * HOUR);
    expect(await me(idle)).toBe(401);
    // The busy one is used every hour and ends at 12 hours all the same.
    clock = new Date('2026-11-27T09:00:00.000Z');
    for (let hour = 1; hour < 12; hour += 1) {
      clock = new Date(Date.parse('2026-11-27T09:00:00.000Z') + hour * HOUR);
      expect(await me(busy)).toBe(200);
    }
    clock = new Date(Date.parse('2026-11-27T09:00:00.000Z') + 12 * HOUR);
    expect(await me(busy)).toBe(401);
    clock = new Date('2026-11-27T09:00:00.000Z');
  });

  it('signing out ends the session in the store and clears the cookie', async () => {
    const app = staffTestApp(store.db, { now });
    const cookie = await staffCookie(store.db, manager, clock);
    const out = await app.call(BAYSIDE.slug, '/api/dealer/session/sign-out', { cookie, body: {} });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^forecourt_staff=;.*Max-Age=0/);
    expect((await app.call(BAYSIDE.slug, '/api/dealer/me', { cookie })).status).toBe(401);
  });

  it('two-step sign-in: enrolled with a code, then asked for and checked at sign-in, each code once', async () => {
    const app = staffTestApp(store.db, { now });
    const member = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'sales' });
    const cookie = await staffCookie(store.db, member, clock);
    const enrol = await app.call(BAYSIDE.slug, '/api/dealer/account/totp/enrol', { cookie, body: {} });
    expect(enrol.status).toBe(200);
    const { secret, otpauth_uri } = await enrol.json<{ secret: string; otpauth_uri: string }>();
    expect(otpauth_uri).toBe(
      `otpauth://totp/Bayside%20Mazda:${encodeURIComponent(member.email)}?secret=${secret}&issuer=Bayside%20Mazda`,
    );
    // Enrolled but not confirmed: sign-in does not ask for a code yet.
    const before = await signIn(app, { email: member.email, password: STAFF_PASSWORD });
    expect(before.status).toBe(200);
    const wrong = await app.call(BAYSIDE.slug, '/api/dealer/account/totp/confirm', {
      cookie,
      body: { code: (Number(await totpCode(secret, clock)) + 1).toString().padStart(6, '0').slice(-6) },
    });
    expect(wrong.status).toBe(422);
    const confirmed = await app.call(BAYSIDE.slug, '/api/dealer/account/totp/confirm', {
      cookie,
      body: { code: await totpCode(secret, clock) },
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ member: { ...member, totp_enabled: true } });

    clock = new Date(clock.getTime() + 60_000);
    const asked = await signIn(app, { email: member.email, password: STAFF_PASSWORD });
    expect(asked.status).toBe(401);
    expect(asked.cookie).toBeNull();
    expect((await asked.json<{ error: { code: string } }>()).error.code).toBe('totp_required');
    const badCode = await signIn(app, { email: member.email, password: STAFF_PASSWORD, code: '000000' });
    expect(badCode.status).toBe(401);
    expect((await badCode.json<{ error: { code: string } }>()).error.code).toBe('invalid_code');
    // A code with the wrong password tells nothing about the code.
    const code = await totpCode(secret, clock);
    const badPassword = await signIn(app, { email: member.email, password: 'wrong password', code });
    expect((await badPassword.json<{ error: { code: string } }>()).error.code).toBe('invalid_credentials');
    const good = await signIn(app, {
      email: member.email,
      password: STAFF_PASSWORD,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(good.status).toBe(200);
    expect(good.cookie).not.toBeNull();
    const replayed = await signIn(app, { email: member.email, password: STAFF_PASSWORD, code });
    expect(replayed.status).toBe(401);
    expect((await replayed.json<{ error: { code: string } }>()).error.code).toBe('invalid_code');

    // Turning it off takes a current code too.
    clock = new Date(clock.getTime() + 60_000);
    const off = await app.call(BAYSIDE.slug, '/api/dealer/account/totp/disable', {
      cookie: good.cookie ?? '',
      body: { code: await totpCode(secret, clock) },
    });
    expect(off.status).toBe(200);
    expect((await signIn(app, { email: member.email, password: STAFF_PASSWORD })).status).toBe(200);
    const audit = await listAuditEntries(store.db, BAYSIDE.id, { limit: 10, offset: 0 });
    const own = audit.entries.filter((entry) => entry.staff_id === member.id).map((entry) => entry.action);
    expect(own).toEqual(['staff.totp_disable', 'staff.totp_enable']);
    // Off twice: the second says so rather than pretending to have turned something off.
    const again = await app.call(BAYSIDE.slug, '/api/dealer/account/totp/disable', {
      cookie: good.cookie ?? '',
      body: { code: await totpCode(secret, clock) },
    });
    expect(again.status).toBe(409);
    expect((await again.json<{ error: { message: string } }>()).error.message).toBe(
      'Two-step sign-in is off already.',
    );
    clock = new Date('2026-11-27T09:00:00.000Z');
  }, 60_000);
});
