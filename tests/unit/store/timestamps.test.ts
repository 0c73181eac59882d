import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { adminReservationSchema, type Reservation } from '../../../domain/contracts/reserve.ts';
import type { SavedSearchesAnswer } from '../../../domain/contracts/saved-searches.ts';
import { carAnswerSchema } from '../../../domain/contracts/vehicle.ts';
import { leadsAdminRoutes } from '../../../server/leads/admin.routes.ts';
import { localPaymentProvider } from '../../../server/payments/local.ts';
import { reservationsAdminRoutes } from '../../../server/reserve/admin.routes.ts';
import { upsertCars } from '../../../server/store/cars.repo.ts';
import { type Db, isoTimestamp } from '../../../server/store/db.ts';
import { createLead } from '../../../server/store/leads.repo.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { shopper } from '../server/reserve-flow.ts';
import { signedInShopper } from '../server/test-session.ts';
import { type AccountServer, roomyLimiter, startAccountServer } from '../server/watchlist-test-server.ts';
import { sampleCar } from './sample-car.ts';
import { type TestStore, testDrivers } from './test-stores.ts';

/**
 * Issue 31 item 3: a timestamp reads the same on either driver — ISO 8601 in UTC, as the domain's
 * schemas take it — whichever repository wrote it and whichever page or API reads it. Confirming a
 * sale once stored PostgreSQL's own `2026-11-27 03:36:26.617+00` in the car's record, and the car's
 * page answered 500 from then on.
 */
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const BAYSIDE = 'bayside-mazda';
const BAYSIDE_SITE = 101;
const ADMIN_TOKEN = 'admin-token-for-timestamp-tests';
const sites = loadTenants();

describe('the store’s one timestamp form', () => {
  it.each([
    ['2026-11-27 03:36:26.617+00', '2026-11-27T03:36:26.617Z'],
    ['2026-11-27 13:36:26.617123+10', '2026-11-27T03:36:26.617Z'],
    ['2026-11-27 03:36:26+00', '2026-11-27T03:36:26.000Z'],
    ['2026-11-26 22:06:26.5-05:30', '2026-11-27T03:36:26.500Z'],
    ['2026-11-27T03:36:26.617+00:00', '2026-11-27T03:36:26.617Z'],
    ['infinity', 'infinity'],
  ])('%s reads as %s', (text, iso) => {
    expect(isoTimestamp(text)).toBe(iso);
  });
});

describe.each(testDrivers('timestamps'))('timestamps on $name (issue 31 item 3)', (driver) => {
  let store: TestStore;
  let db: Db;
  let server: AccountServer;
  const clock = new Date('2026-11-27T03:36:26.617Z');

  beforeAll(async () => {
    store = await driver.open();
    db = store.db;
    await upsertCars(db, [
      sampleCar(9501, { slug: '2022-mazda-cx-5-sold-9501', payment_processors: ['stripe'] }),
      sampleCar(9502, { slug: '2022-mazda-cx-5-reduced-9502' }),
    ]);
    server = await startAccountServer(db, {
      limiter: roomyLimiter(),
      reserve: {
        payments: { stripe: localPaymentProvider(db) },
        now: () => clock,
        carsChanged: async () => {},
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  const admin = (path: string, init: RequestInit = {}) =>
    reservationsAdminRoutes({
      db,
      sites,
      adminToken: ADMIN_TOKEN,
      carsChanged: async () => {},
      now: () => clock,
    }).request(path, {
      ...init,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    });

  it('reservations.held_until and created_at: the shopper’s hold and the dealer’s list; cars.sold_at: the sold car’s page still opens', async () => {
    const reserved = await shopper(server, BAYSIDE).reserve(9501, 'timestamps-reservation-1');
    expect(reserved.status).toBe(200);
    const hold = reserved.json<Reservation>();
    expect(hold.held_until).toBe('2026-11-29T03:36:26.617Z');

    const confirmed = await admin('/reservations/confirm', {
      method: 'POST',
      body: JSON.stringify({ tenant: BAYSIDE, reservation: hold.reservation_id }),
    });
    expect(confirmed.status).toBe(200);
    const listed = z
      .array(adminReservationSchema)
      .parse(
        ((await (await admin(`/reservations?tenant=${BAYSIDE}`)).json()) as { reservations: unknown })
          .reservations,
      );
    expect(listed[0]?.held_until).toMatch(ISO_UTC);
    expect(listed[0]?.created_at).toMatch(ISO_UTC);

    const api = await server.request(BAYSIDE, '/api/cars/2022-mazda-cx-5-sold-9501');
    expect(api.status).toBe(200);
    const answer = carAnswerSchema.parse(api.json());
    expect(answer.car).toMatchObject({ status: 'sold', sold_at: '2026-11-27T03:36:26.617Z' });
    expect(answer.car.created_at).toBe('2025-05-01T00:00:00.000Z');
    const page = await server.request(BAYSIDE, '/cars/2022-mazda-cx-5-sold-9501');
    expect(page.status).toBe(200);
    expect(page.body).toContain('2022 Mazda CX-5 Maxx');
  });

  it('car_prices.at: the car page’s price history', async () => {
    await upsertCars(db, [sampleCar(9502, { slug: '2022-mazda-cx-5-reduced-9502', price: 29_990 })]);
    const api = await server.request(BAYSIDE, '/api/cars/2022-mazda-cx-5-reduced-9502');
    const answer = carAnswerSchema.parse(api.json());
    expect(answer.price_history.map((point) => point.price)).toEqual([31_990, 29_990]);
    for (const point of answer.price_history) expect(point.at).toMatch(ISO_UTC);
  });

  it('leads.created_at: the dealer’s export, as JSON and CSV', async () => {
    await createLead(db, {
      siteId: BAYSIDE_SITE,
      dealershipId: 1011,
      carId: null,
      payload: { category: 'General Enquiry', name: 'Sam Shopper' },
      idempotencyKey: null,
    });
    const exported = (format: string) =>
      leadsAdminRoutes({ db, sites, adminToken: ADMIN_TOKEN }).request(
        `/leads?tenant=${BAYSIDE}&format=${format}`,
        { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
      );
    const json = (await (await exported('json')).json()) as { text: string };
    const leads = JSON.parse(json.text) as { created_at: string }[];
    expect(leads.length).toBeGreaterThan(0);
    for (const lead of leads) expect(lead.created_at).toMatch(ISO_UTC);
    const csv = (await (await exported('csv')).json()) as { text: string };
    expect(csv.text.split('\n')[1]).toMatch(/^"[0-9a-f-]{36}","\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/);
  });

  it('saved_searches.created_at and watchlist_entries.created_at: the shopper’s lists', async () => {
    const { cookie } = await signedInShopper(db, BAYSIDE_SITE);
    const saved = await server.request(BAYSIDE, '/api/saved-searches', {
      cookie,
      body: {
        name: 'Mazdas',
        href: '/search?refinementList[make][0]=Mazda',
        search: { make: ['Mazda'] },
        car_types: null,
        frequency: 'daily',
      },
    });
    expect(saved.status).toBe(201);
    const searches = (
      await server.request(BAYSIDE, '/api/saved-searches', { cookie })
    ).json<SavedSearchesAnswer>();
    expect(searches.searches[0]?.created_at).toMatch(ISO_UTC);
    const watched = await server.request(BAYSIDE, '/api/watchlist/save-car', {
      cookie,
      body: { phone_number: '0400 111 222', car_id: 9502 },
    });
    expect(watched.status).toBeLessThan(300);
    const watchlist = (await server.request(BAYSIDE, '/api/watchlist', { cookie })).json<{
      cars: { saved_at: string }[];
    }>();
    expect(watchlist.cars[0]?.saved_at).toMatch(ISO_UTC);
  });

  it('every timestamptz column that holds a value reads as ISO in UTC', async () => {
    const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type = 'timestamp with time zone'
        ORDER BY table_name, column_name`,
    );
    expect(columns.length).toBeGreaterThan(20);
    const read: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const { rows } = await db.query<{ value: unknown }>(
        `SELECT "${column}" AS value FROM "${table}" WHERE "${column}" IS NOT NULL LIMIT 1`,
      );
      if (rows.length === 0) continue;
      read.push(`${table}.${column}`);
      expect(rows[0]?.value, `${table}.${column}`).toMatch(ISO_UTC);
    }
    expect(read).toEqual(
      expect.arrayContaining([
        'cars.sold_at',
        'cars.created_at',
        'car_prices.at',
        'reservations.held_until',
        'reservations.created_at',
        'leads.created_at',
        'saved_searches.created_at',
        'watchlist_entries.created_at',
        'sessions.expires_at',
        'users.email_confirmed_at',
      ]),
    );
  });
});
