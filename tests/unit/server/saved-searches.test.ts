import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearchesAnswer } from '../../../domain/contracts/saved-searches.ts';
import type { SavedSearch, SavedSearchDraft } from '../../../domain/saved-search.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import { startAlertRunner } from '../../../server/saved-searches/alert-runner.ts';
import { AlertDigests } from '../../../server/saved-searches/digests.ts';
import { matchPriceChanges, newsOf } from '../../../server/saved-searches/match.ts';
import { readUnsubscribeToken, unsubscribeToken } from '../../../server/saved-searches/unsubscribe-token.ts';
import { upsertCars } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { startSmtp, textOf } from '../../fixtures/smtp-server.ts';
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
 * Issue 19 item 2: saved searches over the real routes and store, the matching of stored price
 * changes, and the alert emails through a real SMTP server on loopback.
 */
const sites = loadTenants();
const BAYSIDE = 'bayside-mazda';
const BAYSIDE_SITE = 101;
const HARBOUR = 'harbour-auto-group';
const HARBOUR_SITE = 102;
const SECRET = 'a-link-secret-of-at-least-32-characters!!';

const mazdaUnder30k = (frequency: SavedSearchDraft['frequency'] = 'instant'): SavedSearchDraft => ({
  name: 'Mazda under $30,000',
  // Bayside Mazda's listing shows new and demo cars: its used cars have a route of their own.
  href: '/search/used-cars?refinementList[make][0]=Mazda&range[price]=:30000',
  search: { make: ['Mazda'], price: { max: 30_000 } },
  car_types: ['used'],
  frequency,
});

describe('unsubscribe tokens', () => {
  const now = new Date('2026-11-26T00:00:00Z');
  it('names the saved search until it expires, 60 days on', () => {
    const token = unsubscribeToken(SECRET, BAYSIDE_SITE, 42, now);
    expect(readUnsubscribeToken(SECRET, BAYSIDE_SITE, token, now)).toEqual({
      ok: true,
      savedSearchIds: [42],
    });
    expect(readUnsubscribeToken(SECRET, BAYSIDE_SITE, token, new Date('2027-01-24T23:00:00Z')).ok).toBe(true);
    expect(readUnsubscribeToken(SECRET, BAYSIDE_SITE, token, new Date('2027-01-26T00:00:00Z'))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
  it('names every search of an email, for its List-Unsubscribe header', () => {
    const token = unsubscribeToken(SECRET, BAYSIDE_SITE, [57, 42, 57], now);
    expect(token).toMatch(/^42-57\./);
    expect(readUnsubscribeToken(SECRET, BAYSIDE_SITE, token, now)).toEqual({
      ok: true,
      savedSearchIds: [42, 57],
    });
  });
  it('refuses a token for another search, another secret, a forged signature or another dealer’s site (issue 31 item 20)', () => {
    const token = unsubscribeToken(SECRET, BAYSIDE_SITE, 42, now);
    const [, expires, signature] = token.split('.');
    expect(readUnsubscribeToken(SECRET, BAYSIDE_SITE, `43.${expires}.${signature}`, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(readUnsubscribeToken(SECRET, BAYSIDE_SITE, `42-43.${expires}.${signature}`, now).ok).toBe(false);
    expect(readUnsubscribeToken(`${SECRET}x`, BAYSIDE_SITE, token, now).ok).toBe(false);
    expect(readUnsubscribeToken(SECRET, BAYSIDE_SITE, `${token.slice(0, -1)}A`, now).ok).toBe(false);
    expect(readUnsubscribeToken(SECRET, BAYSIDE_SITE, 'garbage', now).ok).toBe(false);
    expect(readUnsubscribeToken(SECRET, HARBOUR_SITE, token, now)).toEqual({ ok: false, reason: 'invalid' });
  });
  it('makes and reads, byte for byte, the tokens emailed before it shared the signed links’ token', () => {
    // Made by unsubscribe-token.ts when it signed its own tokens: one search, an email's searches, and
    // a link of before issue 31 that names no site.
    const EMAILED_ONE = '42.1800835200.wcK5IdwYSArIs9cAY6cttlvDqci7MVPC1xQ1g5wp4cc';
    const EMAILED_ALL = '42-57.1800835200.OMndZPZErcBiNoSTfFcMyUbwqOy-LJIGEFjzLSrpJdU';
    const EMAILED_SITELESS = '42.1800835200.rdBQ2z7Nq-VoPPnG_1CmHA9gW6RLjcc330pAPehLo7Q';
    expect(unsubscribeToken(SECRET, BAYSIDE_SITE, 42, now)).toBe(EMAILED_ONE);
    expect(unsubscribeToken(SECRET, BAYSIDE_SITE, [57, 42], now)).toBe(EMAILED_ALL);
    expect(readUnsubscribeToken(SECRET, BAYSIDE_SITE, EMAILED_ONE, now)).toEqual({
      ok: true,
      savedSearchIds: [42],
    });
    expect(readUnsubscribeToken(SECRET, BAYSIDE_SITE, EMAILED_ALL, now)).toEqual({
      ok: true,
      savedSearchIds: [42, 57],
    });
    expect(readUnsubscribeToken(SECRET, HARBOUR_SITE, EMAILED_SITELESS, now)).toEqual({
      ok: true,
      savedSearchIds: [42],
    });
    expect(readUnsubscribeToken(SECRET, HARBOUR_SITE, EMAILED_ONE, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
  it('still reads a link emailed before tokens named their site, for one search (the store checks its site)', () => {
    const payload = `42.${Math.floor(now.getTime() / 1000) + 86_400}`;
    const legacy = `${payload}.${createHmac('sha256', SECRET).update(`unsubscribe:${payload}`).digest('base64url')}`;
    expect(readUnsubscribeToken(SECRET, HARBOUR_SITE, legacy, now)).toEqual({
      ok: true,
      savedSearchIds: [42],
    });
  });
});

describe('news in price changes', () => {
  it.each([
    ['a first price is a new car', [{ car_id: 1, price: 20_000, previous: null }], 'new'],
    ['a lower price is a drop', [{ car_id: 1, price: 18_000, previous: 20_000 }], 'price_drop'],
    ['a higher price is nothing', [{ car_id: 1, price: 22_000, previous: 20_000 }], null],
    [
      'down then up again within a run, still below: a drop',
      [
        { car_id: 1, price: 17_000, previous: 20_000 },
        { car_id: 1, price: 19_000, previous: 17_000 },
      ],
      'price_drop',
    ],
    [
      'new then cheaper within a run: new at the last price',
      [
        { car_id: 1, price: 20_000, previous: null },
        { car_id: 1, price: 19_000, previous: 20_000 },
      ],
      'new',
    ],
  ] as const)('%s', (_, changes, reason) => {
    const news = newsOf(changes);
    expect(news[0]?.reason ?? null).toBe(reason);
    if (reason) expect(news[0]?.price).toBe(changes.at(-1)?.price);
  });
});

describe.each(testDrivers('savedsearch'))(
  'saved searches and alerts on $name (issue 19 item 2)',
  (driver) => {
    let store: TestStore;
    let db: Db;
    let server: AccountServer;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let cookie: string;
    let email: string;

    beforeAll(async () => {
      store = await driver.open();
      db = store.db;
      await seedAccountCars(db);
      server = await startAccountServer(db, { limiter: roomyLimiter() });
      smtp = await startSmtp();
      email = freshEmail('alerts');
      cookie = await signUp(server, BAYSIDE, email);
    });
    afterAll(async () => {
      await smtp?.close();
      await server?.close();
      await store?.cleanup();
    });

    const list = async (as = cookie) =>
      (await server.request(BAYSIDE, '/api/saved-searches', { cookie: as })).json<SavedSearchesAnswer>();
    const save = (body: unknown, as = cookie) =>
      server.request(BAYSIDE, '/api/saved-searches', { cookie: as, body });
    const digests = (now: Date) =>
      new AlertDigests({
        db,
        sites,
        mailer: createMailer({ smtpUrl: smtp.url, outbox: '' }),
        from: 'alerts@forecourt.test',
        linkSecret: server.linkSecret,
        now: () => now,
      });

    it('a signed-out shopper has none and cannot save; a signed-in one saves, sees and renames by saving again', async () => {
      expect(await list('')).toEqual({ signed_in: false, searches: [] });
      const refused = await save(mazdaUnder30k(), '');
      expect(refused.status).toBe(401);
      expect(refused.json()).toMatchObject({ error: { code: 'sign_in_required' } });

      const saved = await save(mazdaUnder30k());
      expect(saved.status).toBe(201);
      const { search } = saved.json<{ search: SavedSearch }>();
      expect(search).toMatchObject({ name: 'Mazda under $30,000', frequency: 'instant' });
      const again = await save({ ...mazdaUnder30k('daily'), name: 'Cheap Mazdas' });
      expect(again.json<{ search: SavedSearch }>().search).toMatchObject({
        id: search.id,
        name: 'Cheap Mazdas',
      });
      const { searches } = await list();
      expect(searches).toHaveLength(1);
      expect(searches[0]).toMatchObject({ id: search.id, name: 'Cheap Mazdas', frequency: 'daily' });
    });

    it('refuses what is not a listing of this site, a bad body, and a search of another shopper', async () => {
      const elsewhere = await save({ ...mazdaUnder30k(), href: '/watchlist' });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.json()).toMatchObject({ error: { code: 'not_a_listing' } });
      const bad = await save({ ...mazdaUnder30k(), name: '', frequency: 'hourly' });
      expect(bad.status).toBe(422);
      expect(bad.json()).toMatchObject({
        error: {
          code: 'invalid_request',
          fields: { name: 'Please name this search', frequency: expect.any(String) },
        },
      });

      const other = await signUp(server, BAYSIDE, freshEmail('other'));
      const [mine] = (await list()).searches;
      if (!mine) throw new Error('no saved search');
      const removed = await server.request(BAYSIDE, '/api/saved-searches/delete', {
        cookie: other,
        body: { id: mine.id },
      });
      expect(removed.status).toBe(404);
      const changed = await server.request(BAYSIDE, '/api/saved-searches/frequency', {
        cookie: other,
        body: { id: mine.id, frequency: 'off' },
      });
      expect(changed.status).toBe(404);
      expect((await list()).searches[0]?.frequency).toBe('daily');
    });

    it('a new matching car and a matching price drop make one instant email with the cars, prices and links', async () => {
      const { searches } = await list();
      const id = searches[0]?.id as number;
      await server.request(BAYSIDE, '/api/saved-searches/frequency', {
        cookie,
        body: { id, frequency: 'instant' },
      });
      const now = new Date();
      await upsertCars(db, [
        sampleCar(9201, { name: '2021 Mazda 3 Evolve 9201', slug: 'mazda-3-9201', price: 24_990 }),
        sampleCar(9202, { name: '2023 Mazda CX-90 9202', slug: 'mazda-cx-90-9202', price: 74_990 }),
        sampleCar(9203, {
          name: '2020 Toyota Corolla 9203',
          slug: 'corolla-9203',
          make: 'Toyota',
          price: 19_990,
        }),
      ]);
      expect(await matchPriceChanges(db, sites, now)).toMatchObject({ alerts: 1 });
      // The dearer Mazda comes down into the search's range: a price drop.
      await upsertCars(db, [
        sampleCar(9202, { name: '2023 Mazda CX-90 9202', slug: 'mazda-cx-90-9202', price: 29_990 }),
      ]);
      expect(await matchPriceChanges(db, sites, now)).toMatchObject({ alerts: 1 });
      expect((await matchPriceChanges(db, sites, now)).alerts).toBe(0);

      const before = smtp.received.length;
      expect(await digests(now).runOnce()).toBe(1);
      expect(smtp.received).toHaveLength(before + 1);
      const text = textOf(smtp.received.at(-1) ?? '');
      expect(text).toMatch(new RegExp(`^To: ${email}$`, 'mi'));
      expect(text).toMatch(/^Subject: 2 cars for your saved searches at Bayside Mazda/m);
      expect(text).toContain('2021 Mazda 3 Evolve 9201: new, $24,990');
      expect(text).toContain('2023 Mazda CX-90 9202: price dropped from $74,990 to $29,990');
      // Links start at the site's configured origin for where the search was saved (issue 31 item
      // 9): here its local name on this server's port.
      const origin = `http://${BAYSIDE}.localhost:${server.port}`;
      expect(text.split(/\r?\n/)).toContain(`  ${origin}/cars/mazda-3-9201`);
      expect(text).toContain(`Stop emails for this search: ${origin}/saved-searches/unsubscribe?token=`);
      expect(text).not.toContain('Corolla');
      expect(await digests(now).runOnce()).toBe(0);

      const token = text.match(/\/saved-searches\/unsubscribe\?token=(\S+)/)?.[1] ?? '';
      const forged = await server.request(BAYSIDE, '/api/saved-searches/unsubscribe', {
        body: { token: `${token.slice(0, -2)}xx` },
      });
      expect(forged.status).toBe(400);
      const unsubscribed = await server.request(BAYSIDE, '/api/saved-searches/unsubscribe', {
        body: { token },
      });
      expect(unsubscribed.status).toBe(200);
      expect(unsubscribed.json()).toEqual({ names: ['Cheap Mazdas'] });
      expect((await list()).searches[0]?.frequency).toBe('off');
    });

    it('a daily search gathers a day of alerts into one email after midnight UTC', async () => {
      const { searches } = await list();
      const id = searches[0]?.id as number;
      await server.request(BAYSIDE, '/api/saved-searches/frequency', {
        cookie,
        body: { id, frequency: 'daily' },
      });
      const today = new Date();
      await upsertCars(db, [
        sampleCar(9204, { name: '2019 Mazda 2 9204', slug: 'mazda-2-9204', price: 15_990 }),
      ]);
      await upsertCars(db, [
        sampleCar(9201, { name: '2021 Mazda 3 Evolve 9201', slug: 'mazda-3-9201', price: 22_990 }),
      ]);
      expect((await matchPriceChanges(db, sites, today)).alerts).toBe(2);
      expect(await digests(today).runOnce()).toBe(0);
      const tomorrow = new Date(today.getTime() + 86_400_000);
      const before = smtp.received.length;
      expect(await digests(tomorrow).runOnce()).toBe(1);
      const text = textOf(smtp.received.at(-1) ?? '');
      expect(text).toContain('2019 Mazda 2 9204: new, $15,990');
      expect(text).toContain('2021 Mazda 3 Evolve 9201: price dropped from $24,990 to $22,990');
      expect(smtp.received).toHaveLength(before + 1);
    });

    it('the alert runner matches and sends in one run; a refused email waits its delay and is sent on the next try', async () => {
      const { searches } = await list();
      const id = searches[0]?.id as number;
      await server.request(BAYSIDE, '/api/saved-searches/frequency', {
        cookie,
        body: { id, frequency: 'instant' },
      });
      const now = new Date();
      await upsertCars(db, [
        sampleCar(9206, { name: '2020 Mazda 3 9206', slug: 'mazda-3-9206', price: 18_990 }),
      ]);
      const errors: unknown[] = [];
      const before = smtp.received.length;
      smtp.refuseNext(1);
      const runner = startAlertRunner({
        db,
        sites,
        digests: digests(now),
        intervalMs: 3_600_000,
        logger: { error: (message) => errors.push(message) },
        now: () => now,
      });
      await runner.runNow();
      await runner.stop();
      expect(smtp.received).toHaveLength(before);
      const { rows } = await db.query('SELECT attempts, last_error FROM search_alerts WHERE car_id = 9206');
      expect(rows).toEqual([{ attempts: 1, last_error: expect.stringContaining('busy') }]);
      expect(await digests(new Date(now.getTime() + 29_000)).runOnce()).toBe(0);
      expect(await digests(new Date(now.getTime() + 30_000)).runOnce()).toBe(1);
      expect(textOf(smtp.received.at(-1) ?? '')).toContain('2020 Mazda 3 9206: new, $18,990');
      expect(errors).toEqual([]);
    });

    it('an alert email carries RFC 8058 one-click headers; the provider’s form POST stops its searches without a session or a page', async () => {
      const { searches } = await list();
      const id = searches[0]?.id as number;
      await server.request(BAYSIDE, '/api/saved-searches/frequency', {
        cookie,
        body: { id, frequency: 'instant' },
      });
      const now = new Date();
      await upsertCars(db, [
        sampleCar(9205, { name: '2022 Mazda 2 9205', slug: 'mazda-2-9205', price: 17_990 }),
      ]);
      expect((await matchPriceChanges(db, sites, now)).alerts).toBe(1);
      expect(await digests(now).runOnce()).toBe(1);
      const raw = smtp.received.at(-1) ?? '';
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      const header = raw.replace(/\r?\n[ \t]+/g, ' ').match(/^List-Unsubscribe: <([^>]+)>\r?$/m)?.[1] ?? '';
      const oneClick = new URL(header);
      expect(oneClick.origin).toBe(`http://${BAYSIDE}.localhost:${server.port}`);
      expect(oneClick.pathname).toBe('/api/saved-searches/one-click-unsubscribe');
      const path = `${oneClick.pathname}${oneClick.search}`;

      // Opened in a browser (a client without one-click): nothing changes, the confirming page opens.
      const opened = await server.request(BAYSIDE, path, { bare: true });
      expect(opened.status).toBe(303);
      expect(opened.headers.location).toBe(
        `/saved-searches/unsubscribe?token=${oneClick.searchParams.get('token')}`,
      );
      expect((await list()).searches[0]?.frequency).toBe('instant');

      const post = (init: { raw: string; type: string; headers?: Record<string, string> }, slug = BAYSIDE) =>
        server.request(slug, path, {
          method: 'POST',
          raw: init.raw,
          bare: true,
          headers: { 'content-type': init.type, ...init.headers },
        });
      const form = 'application/x-www-form-urlencoded';
      expect((await post({ raw: '{"List-Unsubscribe":"One-Click"}', type: 'application/json' })).status).toBe(
        415,
      );
      expect((await post({ raw: 'List-Unsubscribe=Maybe', type: form })).status).toBe(400);
      expect((await post({ raw: 'List-Unsubscribe=One-Click', type: form }, HARBOUR)).status).toBe(400);
      expect((await list()).searches[0]?.frequency).toBe('instant');
      // The provider posts from its own servers: another origin, no cookie. The token is the authority.
      const clicked = await post({
        raw: 'List-Unsubscribe=One-Click',
        type: form,
        headers: { origin: 'https://mail.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(clicked.status).toBe(200);
      expect(clicked.json()).toEqual({ unsubscribed: 1 });
      expect((await list()).searches[0]?.frequency).toBe('off');
      const multipart = await post({
        raw: '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
        type: 'multipart/form-data; boundary=b',
      });
      expect(multipart.status).toBe(200);
    });

    it('a link of one dealer’s site neither works nor names its search on another’s (issue 31 item 20)', async () => {
      const { searches } = await list();
      const search = searches[0] as SavedSearch;
      await server.request(BAYSIDE, '/api/saved-searches/frequency', {
        cookie,
        body: { id: search.id, frequency: 'daily' },
      });
      const token = unsubscribeToken(server.linkSecret, BAYSIDE_SITE, search.id);
      const elsewhere = await server.request(HARBOUR, '/api/saved-searches/unsubscribe', { body: { token } });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body).not.toContain(search.name);
      // A link emailed before tokens named their site: the store still keeps it to its own site.
      const payload = `${search.id}.${Math.floor(Date.now() / 1000) + 86_400}`;
      const legacy = `${payload}.${createHmac('sha256', server.linkSecret).update(`unsubscribe:${payload}`).digest('base64url')}`;
      const legacyElsewhere = await server.request(HARBOUR, '/api/saved-searches/unsubscribe', {
        body: { token: legacy },
      });
      expect(legacyElsewhere.status).toBe(404);
      expect(legacyElsewhere.body).not.toContain(search.name);
      expect((await list()).searches[0]?.frequency).toBe('daily');
      const home = await server.request(BAYSIDE, '/api/saved-searches/unsubscribe', {
        body: { token: legacy },
      });
      expect(home.json()).toEqual({ names: [search.name] });
    });

    it('deleting a search drops it and its waiting alerts; an expired link says so', async () => {
      const { searches } = await list();
      const id = searches[0]?.id as number;
      const expired = unsubscribeToken(server.linkSecret, BAYSIDE_SITE, id, new Date('2020-01-01T00:00:00Z'));
      const answer = await server.request(BAYSIDE, '/api/saved-searches/unsubscribe', {
        body: { token: expired },
      });
      expect(answer.status).toBe(410);
      expect(answer.json()).toMatchObject({ error: { code: 'expired_token' } });
      const removed = await server.request(BAYSIDE, '/api/saved-searches/delete', { cookie, body: { id } });
      expect(removed.json()).toEqual({ id });
      expect((await list()).searches).toEqual([]);
      const { rows } = await db.query('SELECT id FROM search_alerts WHERE saved_search_id = $1', [id]);
      expect(rows).toEqual([]);
    });
  },
);
