import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_LINK_MESSAGE } from '../../../domain/auth.ts';
import { hashSessionToken } from '../../../server/auth/session.ts';
import type { Db } from '../../../server/store/db.ts';
import { loadMigrations } from '../../../server/store/migrate.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import {
  type AccountServer,
  emailedLink,
  emailedToken,
  freshEmail,
  roomyLimiter,
  signUp,
  startAccountServer,
  TEST_PASSWORD,
  type TestResponse,
} from './watchlist-test-server.ts';

const BAYSIDE = 'bayside-mazda';
const HARBOUR = 'harbour-auto-group';
const METRO = 'metro-used';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Account links (issue 31 items 2 and 9, decision 104): a password is set only by whoever opens the
 * emailed link, so nobody can take an account before it exists; "Forgot password?" emails a one-use,
 * expiring link whose use ends every session; account emails are limited per recipient, silently;
 * every emailed link starts at the site's configured origin.
 */
describe.each(testDrivers('account-links'))('account links on $name', (driver) => {
  let store: TestStore;
  let server: AccountServer;

  beforeAll(async () => {
    store = await driver.open();
    server = await startAccountServer(store.db, { limiter: roomyLimiter() });
  });

  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  const post = (path: string, body: unknown, init: { cookie?: string; slug?: string } = {}) =>
    server.request(init.slug ?? BAYSIDE, path, { body, cookie: init.cookie });
  const signIn = (email: string, password: string) => post('/api/auth/sign-in', { email, password });
  const setPassword = (token: string, password: string, slug = BAYSIDE) =>
    post('/api/auth/set-password', { token, password }, { slug });
  const session = async (cookie: string) =>
    (await server.request(BAYSIDE, '/api/auth/session', { cookie })).json<{ user: unknown }>().user;
  const mailsTo = (email: string) => server.mails.filter((mail) => mail.to === email);

  it('an account cannot be taken before it exists: the password is the one set from the victim’s inbox', async () => {
    const victim = freshEmail('victim');
    // The attacker signs the victim's address up first, with a password of their choosing.
    const early = await post('/api/auth/sign-up', { email: victim, password: 'attacker password' });
    expect(early.status).toBe(202);
    expect((await signIn(victim, 'attacker password')).status).toBe(401);
    // The victim signs up too, then chooses a password on the page their emailed link opens.
    await post('/api/auth/sign-up', { email: victim });
    const set = await setPassword(emailedToken(server, victim), 'the victim’s own password');
    expect(set.status).toBe(200);
    expect(set.json()).toMatchObject({ user: { email: victim } });

    expect((await signIn(victim, 'attacker password')).status).toBe(401);
    const own = await signIn(victim, 'the victim’s own password');
    expect(own.status).toBe(200);
    // Signing up again later changes nothing: the address's owner is told it has an account.
    await post('/api/auth/sign-up', { email: victim, password: 'attacker password' });
    expect(mailsTo(victim).at(-1)?.subject).toMatch(/^You already have an account/);
    expect((await signIn(victim, 'attacker password')).status).toBe(401);
  });

  it('sign-up emails a link to the page that sets the password; it signs in with an HttpOnly, SameSite=Lax cookie stored hashed', async () => {
    const email = freshEmail('cookie');
    const response = await post('/api/auth/sign-up', {
      email: ` ${email.toUpperCase()} `,
      continue: '/sign-in?type=watchlist&redirect=%2Fwatchlist&back=%2F',
    });
    expect(response.status).toBe(202);
    expect(response.json()).toEqual({ status: 'check_email', email });
    expect(response.cookies).toEqual([]);
    const mail = mailsTo(email).at(-1);
    expect(mail?.subject).toBe('Finish creating your account - Bayside Mazda');
    expect(mail?.text).toContain(
      `http://${BAYSIDE}.localhost:${server.port}/sign-in/set-password?type=watchlist&redirect=%2Fwatchlist&back=%2F&token=`,
    );
    expect(mail?.text).toContain('The link works once, for 24 hours.');
    const token = emailedToken(server, email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const { rows: links } = await store.db.query<{ token_hash: string; purpose: string }>(
      'SELECT token_hash, purpose FROM account_links',
    );
    expect(links).toContainEqual({ token_hash: sha256(token), purpose: 'confirm' });
    expect(links.map((row) => row.token_hash)).not.toContain(token);

    const set = await setPassword(token, TEST_PASSWORD);
    expect(set.status).toBe(200);
    const setCookie = String(set.headers['set-cookie']);
    expect(setCookie).toMatch(/^forecourt_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const sessionToken = (set.cookies[0] ?? '').split('=')[1] ?? '';
    const { rows } = await store.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.map((row) => row.token_hash)).toContain(hashSessionToken(sessionToken));
    const { rows: users } = await store.db.query<{ password_hash: string; confirmed: boolean }>(
      'SELECT password_hash, email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE email = $1',
      [email],
    );
    expect(users).toEqual([
      { password_hash: expect.stringMatching(/^scrypt\$32768\$8\$3\$/), confirmed: true },
    ]);
    expect(await session(set.cookies[0] ?? '')).toMatchObject({ email, phone_number: null });
  });

  it('sign-up answers a known email exactly as a new one (issue 14 item 8); only the inbox differs', async () => {
    const known = freshEmail('known');
    await signUp(server, BAYSIDE, known);
    const fresh = freshEmail('fresh');
    const [forKnown, forFresh] = await Promise.all(
      [known, fresh].map((email) => post('/api/auth/sign-up', { email })),
    );
    expect(forKnown?.status).toBe(202);
    expect(forFresh?.status).toBe(202);
    expect(forKnown?.json()).toEqual({ status: 'check_email', email: known });
    expect(forFresh?.json()).toEqual({ status: 'check_email', email: fresh });
    expect(forKnown?.cookies).toEqual([]);
    expect(Object.keys(forKnown?.headers ?? {}).sort()).toEqual(Object.keys(forFresh?.headers ?? {}).sort());
    const note = mailsTo(known).at(-1);
    expect(note?.subject).toMatch(/^You already have an account/);
    expect(note?.text).toContain(`http://${BAYSIDE}.localhost:${server.port}/sign-in/forgot-password`);
    expect(note?.text).not.toContain('token=');
    expect(mailsTo(fresh).at(-1)?.subject).toMatch(/^Finish creating your account/);
    expect((await signIn(known, TEST_PASSWORD)).status).toBe(200);
  });

  it('a link works once, for its own site; a used, expired, another site’s or malformed one is refused and changes nothing', async () => {
    const email = freshEmail('once');
    await post('/api/auth/sign-up', { email });
    const first = emailedToken(server, email);
    await post('/api/auth/sign-up', { email });
    const second = emailedToken(server, email);
    expect(second).not.toBe(first);

    const other = freshEmail('other-site');
    await post('/api/auth/sign-up', { email: other }, { slug: HARBOUR });
    const onBayside = await setPassword(emailedToken(server, other), TEST_PASSWORD);
    expect(onBayside.status).toBe(410);
    expect(onBayside.json()).toEqual({ error: { code: 'invalid_link', message: INVALID_LINK_MESSAGE } });

    expect((await setPassword(second, TEST_PASSWORD)).status).toBe(200);
    // Used, and every other link of the account with it.
    for (const used of [second, first]) {
      const again = await setPassword(used, 'another password');
      expect(again.status).toBe(410);
      expect(again.cookies).toEqual([]);
    }
    expect((await signIn(email, 'another password')).status).toBe(401);

    const cut = await setPassword('nope', TEST_PASSWORD);
    expect(cut.status).toBe(422);
    expect(cut.json()).toMatchObject({ error: { fields: { token: 'This link is not complete' } } });
    const short = await setPassword('A'.repeat(32), 'short');
    expect(short.status).toBe(422);
    expect(short.json()).toMatchObject({ error: { fields: { password: expect.any(String) } } });

    const late = freshEmail('late');
    await post('/api/auth/sign-up', { email: late });
    await store.db.query(
      `UPDATE account_links SET expires_at = now() - interval '1 minute'
        WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [late],
    );
    expect((await setPassword(emailedToken(server, late), TEST_PASSWORD)).status).toBe(410);
  });

  it('an account nobody has finished has no password: every sign-in is the usual 401, and no email is sent', async () => {
    const email = freshEmail('unfinished');
    await post('/api/auth/sign-up', { email, password: 'correct horse battery' });
    const sent = server.mails.length;
    const answer = await signIn(email, 'correct horse battery');
    expect(answer.status).toBe(401);
    expect(answer.json()).toEqual({
      error: { code: 'invalid_credentials', message: 'Incorrect email or password' },
    });
    expect(server.mails.length).toBe(sent);
  });

  it('a link emailed before decision 104 leads to the page that sets the password, and changes nothing itself', async () => {
    const email = freshEmail('old-link');
    await post('/api/auth/sign-up', { email });
    const token = emailedToken(server, email);
    const opened = await server.request(
      BAYSIDE,
      `/api/auth/confirm-email?token=${token}&type=watchlist&redirect=%2Fwatchlist&back=%2F`,
      { bare: true },
    );
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(
      `/sign-in/set-password?token=${token}&type=watchlist&redirect=%2Fwatchlist&back=%2F`,
    );
    expect(opened.cookies).toEqual([]);
    expect((await setPassword(token, TEST_PASSWORD)).status).toBe(200);
  });

  it('password reset: the same answer for a known and an unknown email; the link sets a new password, ends every session and signs in afresh', async () => {
    const email = freshEmail('reset');
    const before = await signUp(server, BAYSIDE, email);
    const elsewhere = (await signIn(email, TEST_PASSWORD)).cookies[0] ?? '';
    expect(await session(elsewhere)).toMatchObject({ email });

    const nobody = freshEmail('nobody');
    const [forKnown, forUnknown] = await Promise.all(
      [email, nobody].map((address) =>
        post('/api/auth/password-reset', {
          email: address,
          continue: '/sign-in?type=checkout&redirect=%2Fcars%2Fx%2Fcheckout&back=%2Fcars%2Fx',
        }),
      ),
    );
    for (const [answer, address] of [
      [forKnown, email],
      [forUnknown, nobody],
    ] as const) {
      expect(answer?.status).toBe(202);
      expect(answer?.json()).toEqual({ status: 'check_email', email: address });
      expect(answer?.cookies).toEqual([]);
    }
    expect(Object.keys(forKnown?.headers ?? {}).sort()).toEqual(
      Object.keys(forUnknown?.headers ?? {}).sort(),
    );
    const note = mailsTo(nobody).at(-1);
    expect(note?.subject).toBe('About your password - Bayside Mazda');
    expect(note?.text).not.toContain('token=');
    const mail = mailsTo(email).at(-1);
    expect(mail?.subject).toBe('Choose a new password - Bayside Mazda');
    expect(mail?.text).toContain('The link works once, for an hour.');
    expect(emailedLink(server, email)).toMatch(
      /^\/sign-in\/set-password\?type=checkout&redirect=%2Fcars%2Fx%2Fcheckout&back=%2Fcars%2Fx&token=[A-Za-z0-9_-]{32}&reset=1$/,
    );
    const token = emailedToken(server, email);
    const { rows } = await store.db.query<{ purpose: string; minutes: number }>(
      `SELECT purpose, round(extract(epoch FROM expires_at - now()) / 60)::int AS minutes
         FROM account_links WHERE token_hash = $1`,
      [sha256(token)],
    );
    expect(rows).toEqual([{ purpose: 'reset', minutes: 60 }]);

    const reset = await setPassword(token, 'a brand new password');
    expect(reset.status).toBe(200);
    expect(await session(before)).toBeNull();
    expect(await session(elsewhere)).toBeNull();
    expect(await session(reset.cookies[0] ?? '')).toMatchObject({ email, phone_number: '0400111222' });
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(email, 'a brand new password')).status).toBe(200);
    expect((await setPassword(token, 'yet another password')).status).toBe(410);
  });

  it('account emails to one address are limited per site, silently: the answers stay the same', async () => {
    const email = freshEmail('flooded');
    const answers: TestResponse[] = [];
    for (let attempt = 0; attempt < 3; attempt++) answers.push(await post('/api/auth/sign-up', { email }));
    for (let attempt = 0; attempt < 3; attempt++)
      answers.push(await post('/api/auth/password-reset', { email }));
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.json()).toEqual({ status: 'check_email', email });
    }
    expect(mailsTo(email)).toHaveLength(3);
    const { rows } = await store.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM account_links l JOIN users u ON u.id = l.user_id WHERE u.email = $1',
      [email],
    );
    expect(rows).toEqual([{ count: 3 }]);
    const unknown = freshEmail('flooded-unknown');
    for (let attempt = 0; attempt < 5; attempt++) await post('/api/auth/password-reset', { email: unknown });
    expect(mailsTo(unknown)).toHaveLength(3);
    // Another dealer's site is another account: its own emails.
    await post('/api/auth/sign-up', { email }, { slug: HARBOUR });
    expect(mailsTo(email)).toHaveLength(4);
  });

  it('emailed links use the site’s configured origin, never the Host or X-Forwarded-Proto a client sent (issue 31 item 9)', async () => {
    const signUpAt = async (host: string, headers: Record<string, string> = {}) => {
      const email = freshEmail('origin');
      const answer = await server.request(METRO, '/api/auth/sign-up', {
        body: { email },
        bare: true,
        headers: { host, ...headers },
      });
      expect(answer.status).toBe(202);
      return new URL(
        mailsTo(email)
          .at(-1)
          ?.text.match(/https?:\/\/\S+/)?.[0] ?? 'http://none',
      ).origin;
    };
    const local = `http://${METRO}.localhost:${server.port}`;
    expect(await signUpAt('METRO-USED.localhost.:8443')).toBe(local);
    expect(await signUpAt(`${METRO}.localhost:${server.port}`, { 'x-forwarded-proto': 'https' })).toBe(local);
    expect(await signUpAt('WWW.METROUSED.COM.AU:8443', { 'x-forwarded-proto': 'http' })).toBe(
      'https://www.metroused.com.au',
    );

    // A saved search keeps the same origin for its alert emails' links.
    const cookie = await signUp(server, METRO, freshEmail('alerts-origin'));
    const saved = await server.request(METRO, '/api/saved-searches', {
      cookie,
      bare: true,
      headers: { host: 'METRO-USED.localhost.:8443' },
      body: {
        name: 'Cheap cars',
        href: '/search?range[price]=:20000',
        search: { price: { max: 20_000 } },
        car_types: null,
        frequency: 'daily',
      },
    });
    expect(saved.status).toBe(201);
    const { rows } = await store.db.query<{ origin: string }>(
      `SELECT s.origin FROM saved_searches s JOIN sessions x ON x.user_id = s.user_id
        WHERE x.token_hash = $1`,
      [hashSessionToken(cookie.split('=')[1] ?? '')],
    );
    expect(rows).toEqual([{ origin: local }]);
  });
});

describe('X-Forwarded-Proto counts only behind TRUST_PROXY (issue 31 item 9)', () => {
  let db: Db;
  let direct: AccountServer;
  let proxied: AccountServer;

  beforeAll(async () => {
    db = await openStore({ dataDir: IN_MEMORY });
    direct = await startAccountServer(db, { limiter: roomyLimiter() });
    proxied = await startAccountServer(db, { limiter: roomyLimiter(), env: { TRUST_PROXY: '1' } });
  });

  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
    await db?.close();
  });

  /** Signs up and sets the password as a client that says (in `X-Forwarded-Proto`) it came over https. */
  const overHttps = async (server: AccountServer) => {
    const email = freshEmail('https');
    const https = { 'x-forwarded-proto': 'https' };
    await server.request(BAYSIDE, '/api/auth/sign-up', { body: { email }, bare: true, headers: https });
    const link = server.mails.findLast((mail) => mail.to === email)?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
    const set = await server.request(BAYSIDE, '/api/auth/set-password', {
      body: { token: emailedToken(server, email), password: TEST_PASSWORD },
      bare: true,
      headers: https,
    });
    return { link, cookie: String(set.headers['set-cookie'] ?? '') };
  };

  it('from any client the header is ignored: the link is http, the cookie not Secure, an https Origin another origin', async () => {
    const { link, cookie } = await overHttps(direct);
    expect(link.startsWith(`http://${BAYSIDE}.localhost:${direct.port}/`)).toBe(true);
    expect(cookie).toMatch(/^forecourt_session=/);
    expect(cookie).not.toMatch(/Secure/);
    const fromHttps = await direct.request(BAYSIDE, '/api/auth/sign-up', {
      body: { email: freshEmail('https-origin') },
      headers: { 'x-forwarded-proto': 'https', origin: `https://${direct.host(BAYSIDE)}` },
    });
    expect(fromHttps.status).toBe(403);
  });

  it('behind a trusted proxy it counts: the link is https, the cookie Secure with the __Host- prefix', async () => {
    const { link, cookie } = await overHttps(proxied);
    expect(link.startsWith(`https://${BAYSIDE}.localhost:${proxied.port}/`)).toBe(true);
    expect(cookie).toMatch(/^__Host-forecourt_session=.*; Secure/);
  });
});

describe('the address limits as mounted by server/api/routes.ts', () => {
  let db: Db;
  let server: AccountServer;

  beforeAll(async () => {
    db = await openStore({ dataDir: IN_MEMORY });
    server = await startAccountServer(db);
  });

  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it.each([
    ['/api/auth/password-reset', { email: 'x' }],
    ['/api/auth/set-password', { token: 'x', password: 'x' }],
  ])('%s: past 10 at once from one address, 429', async (path, body) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await server.request(BAYSIDE, path, { body })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(422), 429]);
  });
});

describe('migration 016: a password set at sign-up before it is dropped unless its account was confirmed', () => {
  it('keeps a confirmed account’s password and drops an unconfirmed one’s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forecourt-016-'));
    try {
      const before = await openStore({
        dataDir: dir,
        migrations: loadMigrations().filter((migration) => migration.name < '016'),
      });
      await before.query(
        `INSERT INTO users (site_id, email, password_hash, email_confirmed_at)
         VALUES (101, 'owner@example.com', 'scrypt$owner', now()), (101, 'taken@example.com', 'scrypt$attacker', NULL)`,
      );
      await before.close();
      const after = await openStore({ dataDir: dir });
      const { rows } = await after.query<{ email: string; password_hash: string | null }>(
        'SELECT email, password_hash FROM users ORDER BY email',
      );
      await after.close();
      expect(rows).toEqual([
        { email: 'owner@example.com', password_hash: 'scrypt$owner' },
        { email: 'taken@example.com', password_hash: null },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
