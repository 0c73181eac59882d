import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearchesAnswer } from '../../../domain/contracts/saved-searches.ts';
import type { SavedSearchDraft } from '../../../domain/saved-search.ts';
import { confirmTokenHash, newConfirmToken } from '../../../server/saved-searches/confirm-email.ts';
import { matchPriceChanges } from '../../../server/saved-searches/match.ts';
import { upsertCars } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import {
  CONFIRM_LINK_HOURS,
  confirmSavedSearch,
  saveSearchByEmail,
} from '../../../server/store/saved-searches.repo.ts';
import { createUser } from '../../../server/store/users.repo.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { sampleCar } from '../store/sample-car.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import {
  type AccountServer,
  freshEmail,
  roomyLimiter,
  seedAccountCars,
  signUp,
  startAccountServer,
} from './watchlist-test-server.ts';

/**
 * Issue 37 item 9 "Less typing": a signed-out shopper saves a search with just an email; it waits,
 * unconfirmed and sending nothing, for the emailed one-use link (72 hours) — over the real routes and
 * store — and the answer never tells whether the address has an account or searches.
 */
const sites = loadTenants();
const BAYSIDE = 'bayside-mazda';
const BAYSIDE_SITE = 101;
const HARBOUR = 'harbour-auto-group';

const mazdas = (name = 'Mazda under $30,000'): SavedSearchDraft => ({
  name,
  href: '/search/used-cars?refinementList[make][0]=Mazda&range[price]=:30000',
  search: { make: ['Mazda'], price: { max: 30_000 } },
  car_types: ['used'],
  frequency: 'instant',
});

describe('saved-search confirmation tokens (issue 37 item 9)', () => {
  it('are 32 random bytes, never repeated, and only their hash is stored', () => {
    const tokens = Array.from({ length: 50 }, () => newConfirmToken());
    expect(new Set(tokens.map((t) => t.token)).size).toBe(50);
    for (const { token, hash } of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).not.toContain(token);
      expect(confirmTokenHash(token)).toBe(hash);
    }
  });
});

describe.each(testDrivers('savedsearchemail'))('saving a search with just an email on $name', (driver) => {
  let store: TestStore;
  let db: Db;
  let server: AccountServer;

  beforeAll(async () => {
    store = await driver.open();
    db = store.db;
    await seedAccountCars(db);
    server = await startAccountServer(db, { limiter: roomyLimiter() });
  });
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  const byEmail = (body: unknown, slug = BAYSIDE, headers: Record<string, string> = {}) =>
    server.request(slug, '/api/saved-searches/by-email', { body, headers });
  const confirm = (token: unknown, slug = BAYSIDE) =>
    server.request(slug, '/api/saved-searches/confirm', { body: { token } });
  const linkTo = (email: string) => {
    const mail = server.mails.findLast((m) => m.to === email);
    const link = mail?.text.match(/https?:\/\/\S+\/saved-searches\/confirm\?token=\S+/)?.[0];
    if (!mail || !link) throw new Error(`no confirmation link was emailed to ${email}`);
    return { mail, link: new URL(link) };
  };
  const searchRows = (email: string) =>
    db.query<{ name: string; confirmed: boolean; frequency: string }>(
      `SELECT s.name, s.confirmed_at IS NOT NULL AS confirmed, s.frequency FROM saved_searches s
       JOIN users u ON u.id = s.user_id WHERE u.email = $1 ORDER BY s.id`,
      [email],
    );

  it('answers “check your email”, emails a one-use link, sends no alerts until it is opened, then does', async () => {
    const email = freshEmail('byemail');
    const answer = await byEmail({ email: ` ${email.toUpperCase()} `, draft: mazdas() });
    expect(answer.status).toBe(202);
    expect(answer.json()).toEqual({ status: 'check_email', email });

    const { mail, link } = linkTo(email);
    expect(mail.subject).toBe('Confirm your saved search - Bayside Mazda');
    expect(mail.text).toContain('“Mazda under $30,000”');
    expect(mail.text).toContain(`The link works once, for ${CONFIRM_LINK_HOURS} hours.`);
    expect(link.origin).toBe(`http://${BAYSIDE}.localhost:${server.port}`);
    expect((await searchRows(email)).rows).toEqual([
      { name: 'Mazda under $30,000', confirmed: false, frequency: 'instant' },
    ]);

    // Unconfirmed: a new matching car makes no alert for it.
    const before = await db.query('SELECT count(*)::int AS n FROM search_alerts');
    await upsertCars(db, [
      sampleCar(9301, { name: '2021 Mazda 3 9301', slug: 'mazda-3-9301', price: 21_990 }),
    ]);
    await matchPriceChanges(db, sites, new Date());
    expect((await db.query('SELECT count(*)::int AS n FROM search_alerts')).rows).toEqual(before.rows);

    const token = link.searchParams.get('token');
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json()).toEqual({ name: 'Mazda under $30,000', href: mazdas().href });
    expect((await searchRows(email)).rows[0]?.confirmed).toBe(true);
    // One use: the same link again confirms nothing.
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'invalid_token' } });

    await upsertCars(db, [
      sampleCar(9302, { name: '2022 Mazda 3 9302', slug: 'mazda-3-9302', price: 23_990 }),
    ]);
    expect((await matchPriceChanges(db, sites, new Date())).alerts).toBeGreaterThanOrEqual(1);
  });

  it('answers the same for an address with an account and searches, and changes none of its confirmed searches', async () => {
    const email = freshEmail('hasaccount');
    const cookie = await signUp(server, BAYSIDE, email);
    const saved = await server.request(BAYSIDE, '/api/saved-searches', {
      cookie,
      body: { ...mazdas('Mine'), frequency: 'daily' },
    });
    expect(saved.status).toBe(201);
    const stranger = freshEmail('stranger');
    const [known, unknown] = await Promise.all([
      byEmail({ email, draft: { ...mazdas('Hijacked'), frequency: 'off' } }),
      byEmail({ email: stranger, draft: mazdas() }),
    ]);
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(Object.keys(known.json() as object)).toEqual(Object.keys(unknown.json() as object));
    expect((known.json() as { status: string }).status).toBe((unknown.json() as { status: string }).status);
    // Opening the link sent to the account's owner changes nothing they chose.
    expect((await confirm(linkTo(email).link.searchParams.get('token'))).status).toBe(200);
    expect((await searchRows(email)).rows).toEqual([{ name: 'Mine', confirmed: true, frequency: 'daily' }]);
    // A signed-in shopper does not see searches someone saved with their address but never confirmed.
    const other = freshEmail('unconfirmed-owner');
    const otherCookie = await signUp(server, BAYSIDE, other);
    await byEmail({ email: other, draft: mazdas('Not yet') });
    const list = await server.request(BAYSIDE, '/api/saved-searches', { cookie: otherCookie });
    expect(list.json<SavedSearchesAnswer>().searches).toEqual([]);
  });

  it('refuses hostile input: another origin, bad addresses, foreign listings, bad names, forged and foreign links', async () => {
    const email = freshEmail('hostile');
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect((await byEmail({ email, draft: mazdas() }, BAYSIDE, crossSite)).status).toBe(403);
    for (const bad of ['', 'not-an-email', `${'a'.repeat(250)}@example.com`, 42, null]) {
      const refused = await byEmail({ email: bad, draft: mazdas() });
      expect(refused.status).toBe(422);
      expect(refused.json()).toMatchObject({ error: { code: 'invalid_request' } });
    }
    const foreign = await byEmail({ email, draft: { ...mazdas(), href: 'https://evil.example/search' } });
    expect(foreign.status).toBe(422);
    const notListing = await byEmail({ email, draft: { ...mazdas(), href: '/watchlist' } });
    expect(notListing.status).toBe(400);
    expect(notListing.json()).toMatchObject({ error: { code: 'not_a_listing' } });
    expect((await byEmail({ email, draft: { ...mazdas(), name: '' } })).status).toBe(422);
    expect((await byEmail('just text')).status).toBeGreaterThanOrEqual(400);
    expect(server.mails.some((m) => m.to === email)).toBe(false);

    for (const token of ['', 'x', 'A'.repeat(43), 'A'.repeat(101), 7, { $ne: null }]) {
      const refused = await confirm(token);
      expect([400, 422]).toContain(refused.status);
    }
    await byEmail({ email, draft: mazdas() });
    const token = linkTo(email).link.searchParams.get('token');
    // A link of one dealer's site confirms nothing on another's.
    expect((await confirm(token, HARBOUR)).status).toBe(400);
    expect((await confirm(token)).status).toBe(200);
  });
});

describe.each(testDrivers('savedsearchexpiry'))('a confirmation link’s life on $name', (driver) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await driver.open();
  });
  afterAll(async () => {
    await store?.cleanup();
  });

  it('works for 72 hours, then says it has expired; an expired unconfirmed search is dropped at the next save', async () => {
    const { db } = store;
    const user = await createUser(db, { siteId: BAYSIDE_SITE, email: 'expiry@example.com' });
    if (!user) throw new Error('no user');
    const now = new Date('2026-11-27T00:00:00Z');
    const first = newConfirmToken();
    const options = { origin: 'http://x', limit: 20, now };
    expect(await saveSearchByEmail(db, user.id, mazdas(), { ...options, tokenHash: first.hash })).toBe(true);
    const late = new Date(now.getTime() + CONFIRM_LINK_HOURS * 3_600_000);
    expect(await confirmSavedSearch(db, BAYSIDE_SITE, first.hash, late)).toEqual({
      ok: false,
      reason: 'expired',
    });
    const second = newConfirmToken();
    const other = { ...mazdas('Other'), search: { make: ['Toyota'] }, href: '/search/used-cars' };
    await saveSearchByEmail(db, user.id, other, { ...options, now: late, tokenHash: second.hash });
    const { rows } = await db.query<{ name: string }>('SELECT name FROM saved_searches WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows).toEqual([{ name: 'Other' }]);
    const inTime = new Date(late.getTime() + (CONFIRM_LINK_HOURS - 1) * 3_600_000);
    expect(await confirmSavedSearch(db, BAYSIDE_SITE, second.hash, inTime)).toMatchObject({
      ok: true,
      search: { name: 'Other' },
    });
  });

  it('an owner past the saved-search limit gets nothing stored', async () => {
    const { db } = store;
    const user = await createUser(db, { siteId: BAYSIDE_SITE, email: 'limit@example.com' });
    if (!user) throw new Error('no user');
    const now = new Date('2026-11-27T00:00:00Z');
    const save = (make: string) =>
      saveSearchByEmail(
        db,
        user.id,
        { ...mazdas(make), search: { make: [make] }, href: '/search/used-cars' },
        { origin: 'http://x', limit: 2, now, tokenHash: newConfirmToken().hash },
      );
    expect(await save('Mazda')).toBe(true);
    expect(await save('Kia')).toBe(true);
    expect(await save('Ford')).toBe(false);
    expect(await save('Kia')).toBe(true);
  });
});
