import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAnalyticsEvents } from '../../../server/store/analytics.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import {
  type AccountServer,
  CARS,
  freshEmail,
  roomyLimiter,
  seedAccountCars,
  signUp,
  startAccountServer,
  type TestResponse,
} from './watchlist-test-server.ts';

const BAYSIDE = 'bayside-mazda';
const HARBOUR = 'harbour-auto-group';
const PHONE = '0400111222';

describe.each(testDrivers('accounts'))('accounts and watchlist routes on $name (issue 6)', (driver) => {
  let store: TestStore;
  let server: AccountServer;

  beforeAll(async () => {
    store = await driver.open();
    await seedAccountCars(store.db);
    server = await startAccountServer(store.db, { limiter: roomyLimiter() });
  });

  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  const save = (cookie: string, carId: number, phone = PHONE, slug = BAYSIDE) =>
    server.request(slug, '/api/watchlist/save-car', { cookie, body: { phone_number: phone, car_id: carId } });
  const remove = (cookie: string, carId: number, phone = PHONE) =>
    server.request(BAYSIDE, '/api/watchlist/remove-car', {
      cookie,
      body: { phone_number: phone, car_id: carId },
    });
  const watchlist = async (cookie: string, slug = BAYSIDE) =>
    (await server.request(slug, '/api/watchlist', { cookie })).json<{
      signed_in: boolean;
      phone_number: string | null;
      cars: { id: number; sold: boolean; name: string }[];
    }>();

  it('sign-in: a wrong password and an unknown email get the same 401; the right one signs in', async () => {
    const email = freshEmail('signin');
    await signUp(server, BAYSIDE, email);
    const wrong = await server.request(BAYSIDE, '/api/auth/sign-in', {
      body: { email, password: 'wrong password' },
    });
    const unknown = await server.request(BAYSIDE, '/api/auth/sign-in', {
      body: { email: freshEmail('nobody'), password: 'correct horse battery' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'invalid_credentials', message: 'Incorrect email or password' },
      });
      expect(response.cookies).toEqual([]);
    }
    const right = await server.request(BAYSIDE, '/api/auth/sign-in', {
      body: { email, password: 'correct horse battery' },
    });
    expect(right.status).toBe(200);
    expect(right.json()).toMatchObject({ user: { email, phone_number: PHONE } });
  });

  it('an account belongs to one site: its session means nothing on another site, where the email may sign up', async () => {
    const email = freshEmail('tenant');
    const cookie = await signUp(server, BAYSIDE, email);
    const elsewhere = await server.request(HARBOUR, '/api/auth/session', { cookie });
    expect(elsewhere.json()).toEqual({ user: null });
    expect(await signUp(server, HARBOUR, email)).toMatch(/^forecourt_session=/);
  });

  it('sign-out ends the session in the store and clears the cookie', async () => {
    const cookie = await signUp(server, BAYSIDE, freshEmail('signout'));
    const out = await server.request(BAYSIDE, '/api/auth/sign-out', { cookie, body: {} });
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/forecourt_session=;.*Max-Age=0/);
    expect((await server.request(BAYSIDE, '/api/auth/session', { cookie })).json()).toEqual({ user: null });
  });

  it('a phone number can be added later; it is stored normalised, and a bad one is 422 with the field named', async () => {
    const cookie = await signUp(server, BAYSIDE, freshEmail('phone'), null);
    expect((await watchlist(cookie)).phone_number).toBeNull();
    const bad = await server.request(BAYSIDE, '/api/auth/phone', {
      cookie,
      body: { phone_number: 'call me' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json()).toMatchObject({
      error: { code: 'invalid_request', fields: { phone_number: expect.any(String) } },
    });
    const good = await server.request(BAYSIDE, '/api/auth/phone', {
      cookie,
      body: { phone_number: '(04) 0011-1222' },
    });
    expect(good.json()).toMatchObject({ user: { phone_number: PHONE } });
    const anonymous = await server.request(BAYSIDE, '/api/auth/phone', { body: { phone_number: PHONE } });
    expect(anonymous.status).toBe(401);
  });

  it('§7 save and remove are idempotent, and the list shows saved cars newest first with sold ones marked', async () => {
    const cookie = await signUp(server, BAYSIDE, freshEmail('list'));
    for (const carId of [CARS.baysideSold, CARS.baysideInStock, CARS.baysideInStock]) {
      const response = await save(cookie, carId, '0400 111 222');
      expect(response.status).toBe(200);
      expect(response.json()).toEqual({ success: true, car_id: carId });
    }
    const list = await watchlist(cookie);
    expect(list).toMatchObject({ signed_in: true, phone_number: PHONE });
    expect(list.cars.map((car) => [car.id, car.sold])).toEqual([
      [CARS.baysideInStock, false],
      [CARS.baysideSold, true],
    ]);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await remove(cookie, CARS.baysideInStock)).json()).toEqual({
        success: true,
        car_id: CARS.baysideInStock,
      });
    }
    expect((await watchlist(cookie)).cars.map((car) => car.id)).toEqual([CARS.baysideSold]);
  });

  it('an unknown car, a hidden one and another dealer’s car are 404 in the house error form', async () => {
    const cookie = await signUp(server, BAYSIDE, freshEmail('unknown'));
    for (const carId of [999_999_999, CARS.baysideHidden, CARS.harbour]) {
      const response = await save(cookie, carId);
      expect(response.status).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'car_not_found', message: 'Car not found' } });
      expect((await remove(cookie, carId)).status).toBe(404);
    }
    expect((await watchlist(cookie)).cars).toEqual([]);
  });

  it('without a session a save is 401, without a phone on record 403, and a body that is not JSON 415 or invalid 422', async () => {
    expect((await save('forecourt_session=nope', CARS.baysideInStock)).status).toBe(401);
    const noPhone = await signUp(server, BAYSIDE, freshEmail('nophone'), null);
    const refused = await save(noPhone, CARS.baysideInStock);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'phone_required' } });
    const cookie = await signUp(server, BAYSIDE, freshEmail('bodies'));
    const text = await server.request(BAYSIDE, '/api/watchlist/save-car', {
      cookie,
      headers: { 'content-type': 'text/plain' },
      body: 'car_id=1',
    });
    expect(text.status).toBe(415);
    const invalid = await server.request(BAYSIDE, '/api/watchlist/save-car', {
      cookie,
      body: { car_id: 'x' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json()).toMatchObject({
      error: { fields: { phone_number: expect.any(String), car_id: expect.any(String) } },
    });
  });

  it('security: one shopper cannot read or change another’s watchlist, even knowing their phone number', async () => {
    const alice = await signUp(server, BAYSIDE, freshEmail('alice'), '0400 000 001');
    const bob = await signUp(server, BAYSIDE, freshEmail('bob'), '0400 000 002');
    expect((await save(alice, CARS.baysideInStock, '0400000001')).status).toBe(200);
    expect((await watchlist(bob)).cars).toEqual([]);
    const asAlice = await save(bob, CARS.baysideSold, '0400000001');
    expect(asAlice.status).toBe(403);
    expect(asAlice.json()).toMatchObject({ error: { code: 'phone_mismatch' } });
    expect((await remove(bob, CARS.baysideInStock, '0400000001')).status).toBe(403);
    expect((await remove(bob, CARS.baysideInStock, '0400000002')).status).toBe(200);
    expect((await watchlist(alice)).cars.map((car) => car.id)).toEqual([CARS.baysideInStock]);
    expect((await watchlist(bob)).cars).toEqual([]);
  });

  it('security: a cross-site POST is refused with 403 and changes nothing', async () => {
    const cookie = await signUp(server, BAYSIDE, freshEmail('csrf'));
    const sibling = `http://${server.host(HARBOUR)}`;
    const attempts: Record<string, string>[] = [
      { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { origin: sibling, 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      for (const [path, body] of [
        ['/api/watchlist/save-car', { phone_number: PHONE, car_id: CARS.baysideInStock }],
        ['/api/auth/sign-in', { email: 'x@example.com', password: 'whatever' }],
        ['/api/auth/sign-out', {}],
        ['/api/analytics', { event_id: 39 }],
      ] as const) {
        const response = await server.request(BAYSIDE, path, { cookie, body, bare: true, headers });
        expect(response.status, `${path} with ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json()).toMatchObject({ error: { code: 'cross_site_request' } });
      }
    }
    expect((await watchlist(cookie)).cars).toEqual([]);
    expect((await server.request(BAYSIDE, '/api/auth/session', { cookie })).json()).toMatchObject({
      user: {},
    });
  });

  it('§9 analytics: event 39 is stored for the site; unknown ids are 422 and another dealer’s car 404', async () => {
    const ok = await server.request(HARBOUR, '/api/analytics', {
      body: { event_id: 39, car_id: CARS.harbour, path: '/cars/x' },
    });
    expect(ok.status).toBe(202);
    expect(await listAnalyticsEvents(store.db, 102)).toEqual([
      { site_id: 102, event_id: 39, car_id: CARS.harbour, path: '/cars/x' },
    ]);
    expect((await server.request(HARBOUR, '/api/analytics', { body: { event_id: 40 } })).status).toBe(422);
    expect(
      (
        await server.request(HARBOUR, '/api/analytics', {
          body: { event_id: 39, car_id: CARS.baysideInStock },
        })
      ).status,
    ).toBe(404);
    expect(await listAnalyticsEvents(store.db, 101)).toEqual([]);
  });
});

describe('rate limits as mounted by server/api/routes.ts', () => {
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

  it('sign-in is rate-limited per address and route: past 10 attempts it answers 429 with Retry-After in the house form', async () => {
    const statuses: number[] = [];
    let last: TestResponse | undefined;
    for (let attempt = 0; attempt < 12; attempt++) {
      last = await server.request(HARBOUR, '/api/auth/sign-in', {
        body: { email: 'not-an-email', password: 'x' },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(10).fill(422), 429, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
    });
    const otherRoute = await server.request(HARBOUR, '/api/auth/sign-up', { body: { email: 'x' } });
    expect(otherRoute.status).toBe(422);
  });

  it('watchlist saves are rate-limited too: past 60 at once, 429', async () => {
    const statuses = new Set<number>();
    for (let attempt = 0; attempt < 60; attempt++) {
      statuses.add((await server.request(BAYSIDE, '/api/watchlist/save-car', { body: {} })).status);
    }
    expect([...statuses]).toEqual([401]);
    expect((await server.request(BAYSIDE, '/api/watchlist/save-car', { body: {} })).status).toBe(429);
  });
});
