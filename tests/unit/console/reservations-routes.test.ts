import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVATION_REFUSALS } from '../../../domain/console-reservations.ts';
import {
  type ConsoleReservation,
  consoleReservationsEndpoint,
} from '../../../domain/contracts/console-reservations.ts';
import type { Reservation, ReserveTerms } from '../../../domain/contracts/reserve.ts';
import { RESERVE_MESSAGES } from '../../../domain/reserve.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import { createApp } from '../../../server/app.ts';
import { consoleApiRoutes } from '../../../server/console/console-routes.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import type { Email } from '../../../server/mail/mailer.ts';
import { PaymentActions } from '../../../server/payments/actions.ts';
import { ReservationReceipts } from '../../../server/reserve/receipts.ts';
import { SearchIndexRegistry } from '../../../server/search/engine/registry.ts';
import { defineSearchIndices } from '../../../server/search/indices.ts';
import { dealershipNames, loadSearchRecords, toCarRecord } from '../../../server/search/records.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { listAuditEntries } from '../../../server/store/audit.repo.ts';
import { getCarById, upsertCars } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { carsByIds } from '../../../server/store/reservations.repo.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { createStaffMember, staffCookie } from '../../fixtures/staff.ts';
import { type Recorder, recordingProvider, shopper } from '../server/reserve-flow.ts';
import { type AccountServer, roomyLimiter, startAccountServer } from '../server/watchlist-test-server.ts';
import { sampleCar } from '../store/sample-car.ts';

/**
 * Issue 36 item 4 on the real app and store: a shopper reserves over HTTP (the local provider, as the
 * demo runs it) and the dealer's staff work the holds in the console — the list by state with the
 * time left (the clock pinned), a sale confirmed through the same rule as `npm run reservations`
 * (capture queued, car sold in the store and search, the shopper emailed, the audit entry), a hold
 * released early (the authorisation cancelled, the car on sale again in search, the shopper emailed),
 * each once; a hold that ran out refused; another dealer's reservation invisible.
 */
const sites = loadTenants();
const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-console-reservations-'));
const BAYSIDE = 'bayside-mazda';
const HARBOUR = 'harbour-auto-group';
const BAYSIDE_SITE = 101;
const HARBOUR_SITE = 102;
const HOUR = 3_600_000;

const car = (id: number) =>
  sampleCar(id, {
    slug: `2022-mazda-cx-5-console-${id}`,
    name: `2022 Mazda CX-5 Maxx ${id}`,
    payment_processors: ['stripe'],
  });
const harbourCar = (id: number) =>
  sampleCar(id, {
    dealership_id: 1021,
    dealership_slug: 'harbour-toyota',
    slug: `2023-toyota-rav4-console-${id}`,
    name: `2023 Toyota RAV4 GX ${id}`,
    payment_processors: ['stripe'],
  });

let db: Db;
let server: AccountServer;
let recorder: Recorder;
let payments: Record<string, ReturnType<typeof recordingProvider>['provider']>;
let sales: StaffMember;
let salesCookie: string;
let harbourCookie: string;
const search = new SearchIndexRegistry();
/** The shoppers' clock: holds start at it and last 48 hours. */
const clock = new Date(Math.floor(Date.now() / 60_000) * 60_000);
/** The console's clock: an hour into every hold, unless a test moves it. */
let consoleNow = new Date(clock.getTime() + HOUR);
const mails: Email[] = [];

/** Refreshes cars in the search index from the store, as the server's `refreshCars` does. */
const refreshCars = async (ids: readonly number[]) => {
  const names = dealershipNames(sites);
  search.upsert(
    'cars',
    (await carsByIds(db, ids)).map((c) => toCarRecord(c, { names })),
  );
};

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  await upsertCars(db, [...Array.from({ length: 10 }, (_, index) => car(9501 + index)), harbourCar(9591)]);
  defineSearchIndices(search);
  search.replaceAll('cars', (await loadSearchRecords(db, sites)).cars);
  const recording = recordingProvider(db);
  recorder = recording.recorder;
  payments = { stripe: recording.provider };
  server = await startAccountServer(db, {
    limiter: roomyLimiter(),
    reserve: { payments, now: () => clock, carsChanged: refreshCars },
  });
  sales = await createStaffMember(db, { siteId: BAYSIDE_SITE, role: 'sales' });
  salesCookie = await staffCookie(db, sales);
  const harbourManager = await createStaffMember(db, { siteId: HARBOUR_SITE, role: 'manager' });
  harbourCookie = await staffCookie(db, harbourManager);
});
afterAll(async () => {
  await server?.close();
  await db?.close();
});

function consoleApp() {
  return createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    sites,
    secrets: loadSecrets(dataDir),
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger: createLogger({ quiet: true }),
    apiRoutes: [consoleApiRoutes({ db, sites, now: () => consoleNow, carsChanged: refreshCars })],
  });
}

/** A console request on a dealer's site, as the console's pages send it (same-origin, the staff cookie). */
const consoleCall = (path: string, init: { slug?: string; cookie?: string; post?: boolean } = {}) => {
  const slug = init.slug ?? BAYSIDE;
  const headers: Record<string, string> = { host: `${slug}.localhost` };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.post) {
    headers['content-type'] = 'application/json';
    headers.origin = `http://${slug}.localhost`;
    headers['sec-fetch-site'] = 'same-origin';
  }
  return consoleApp().request(path, {
    method: init.post ? 'POST' : 'GET',
    headers,
    ...(init.post ? { body: '{}' } : {}),
  });
};
const list = async (state?: string, cookie = salesCookie, slug = BAYSIDE) => {
  const response = await consoleCall(`/api/dealer/reservations${state ? `?state=${state}` : ''}`, {
    cookie,
    slug,
  });
  expect(response.status).toBe(200);
  return consoleReservationsEndpoint.answer.parse(await response.json());
};
const decide = (action: 'confirm' | 'release', id: string, cookie = salesCookie, slug = BAYSIDE) =>
  consoleCall(`/api/dealer/reservations/${id}/${action}`, { cookie, post: true, slug });
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

let keys = 0;
/** A shopper's hold on a Bayside car (or Harbour's), through the reservation API with the success test card. */
const hold = async (carId: number, slug = BAYSIDE): Promise<Reservation> => {
  const response = await shopper(server, slug).reserve(carId, `console-key-${++keys}`);
  expect(response.status).toBe(200);
  const held = response.json<Reservation>();
  expect(held.status).toBe('held');
  return held;
};
const sendActions = () =>
  new PaymentActions({ db, payments, now: () => new Date(Date.now() + 1000) }).runOnce(100);
const sendReceipts = () =>
  new ReservationReceipts({
    db,
    sites,
    from: 'receipts@forecourt.test',
    mailer: { target: 'memory', send: async (email) => void mails.push(email) },
    now: () => new Date(Date.now() + 1000),
  }).runOnce(100);
const searchRecord = (carId: number) =>
  search.search('cars', { query: '', filters: `id=${carId}` }).hits[0] as
    | { reserved: boolean; status: string }
    | undefined;
const terms = async (carId: number) =>
  (await server.request(BAYSIDE, `/api/cars/2022-mazda-cx-5-console-${carId}/reserve`)).json<ReserveTerms>();

describe('the console’s reservations list (issue 36 item 4)', () => {
  it('lists this site’s holds with the car, the shopper, the deposit, its payment and the time left', async () => {
    const held = await hold(9501);
    const answer = await list('held');
    const listed = answer.reservations.find((r) => r.id === held.reservation_id);
    expect(listed).toMatchObject({
      state: 'held',
      car: { id: 9501, name: '2022 Mazda CX-5 Maxx 9501', slug: '2022-mazda-cx-5-console-9501' },
      dealership: 'Bayside Mazda',
      shopper: { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400111222' },
      deposit: { amount: 200, currency: 'aud' },
      payment: { processor: 'stripe', state: 'authorised', brand: 'visa', last4: '4242' },
      held_until: new Date(clock.getTime() + 48 * HOUR).toISOString(),
      // An hour into a 48-hour hold.
      seconds_left: 47 * 3600,
      decided_at: null,
    });
    expect(listed?.payment.reference).toMatch(/^pi_local_/);
    expect(answer.as_of).toBe(consoleNow.toISOString());
    expect(answer.time_zone).toBe('Australia/Brisbane');
    expect(answer.counts.held).toBeGreaterThanOrEqual(1);
    // The other filters do not list it.
    for (const state of ['confirmed', 'released', 'expired']) {
      expect((await list(state)).reservations.map((r) => r.id)).not.toContain(held.reservation_id);
    }
  });

  it('another dealer’s reservations are invisible: not listed, and 404 to confirm or release', async () => {
    const harbour = await hold(9591, HARBOUR);
    expect((await list()).reservations.map((r) => r.id)).not.toContain(harbour.reservation_id);
    for (const action of ['confirm', 'release'] as const) {
      const response = await decide(action, harbour.reservation_id);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual({
        code: 'reservation_not_found',
        message: RESERVATION_REFUSALS.notFound,
      });
    }
    // Harbour's own staff see it, and Bayside's holds stay theirs.
    const theirs = await list(undefined, harbourCookie, HARBOUR);
    expect(theirs.reservations.map((r) => r.id)).toContain(harbour.reservation_id);
    expect(theirs.reservations.every((r) => r.dealership !== 'Bayside Mazda')).toBe(true);
    // A Bayside member's cookie is nobody on Harbour's site.
    expect((await decide('confirm', harbour.reservation_id, salesCookie, HARBOUR)).status).toBe(401);
    expect((await consoleCall('/api/dealer/reservations')).status).toBe(401);
  });
});

describe('confirming a sale', () => {
  it('the capture is queued, the car sold in the store and search, the shopper emailed and the audit entry written', async () => {
    const held = await hold(9502);
    const response = await decide('confirm', held.reservation_id);
    expect(response.status).toBe(200);
    const { reservation } = (await response.json()) as { reservation: ConsoleReservation };
    expect(reservation).toMatchObject({
      id: held.reservation_id,
      state: 'confirmed',
      seconds_left: null,
      decided_at: consoleNow.toISOString(),
    });
    expect(await getCarById(db, [1011], 9502)).toMatchObject({ status: 'sold', sold: true });
    expect(searchRecord(9502)).toMatchObject({ status: 'sold' });
    expect(await terms(9502)).toMatchObject({ reservable: false, reason: RESERVE_MESSAGES.sold });

    await sendActions();
    const intent = reservation.payment.reference;
    expect(recorder.calls.filter((c) => c.intentId === intent)).toEqual([
      { action: 'capture', intentId: intent, key: `capture-${held.reservation_id}` },
    ]);
    expect(
      (await list('confirmed')).reservations.find((r) => r.id === held.reservation_id)?.payment.state,
    ).toBe('captured');

    await sendReceipts();
    const email = mails.findLast((m) => m.fileName === `receipt-confirmed-${held.reservation_id}.eml`);
    expect(email).toMatchObject({
      to: 'sam@example.com',
      subject: expect.stringContaining('Sale confirmed'),
    });
    expect(email?.text).toContain('has confirmed the sale of the 2022 Mazda CX-5 Maxx 9502');

    const audit = (await listAuditEntries(db, BAYSIDE_SITE, { limit: 100, offset: 0 })).entries;
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'reservation.confirm',
        subject: `reservation ${held.reservation_id}`,
        staff_id: sales.id,
      }),
    );
  });

  it('is done once: a second confirmation or a release of the sold car answers 409 and changes nothing', async () => {
    const held = await hold(9503);
    expect((await decide('confirm', held.reservation_id)).status).toBe(200);
    const again = await decide('confirm', held.reservation_id);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({
      code: 'already_confirmed',
      message: RESERVATION_REFUSALS.alreadyConfirmed,
    });
    const release = await decide('release', held.reservation_id);
    expect(release.status).toBe(409);
    expect((await errorOf(release)).code).toBe('already_confirmed');
    expect((await getCarById(db, [1011], 9503))?.status).toBe('sold');
    const entries = (await listAuditEntries(db, BAYSIDE_SITE, { limit: 100, offset: 0 })).entries.filter(
      (e) => e.subject === `reservation ${held.reservation_id}`,
    );
    expect(entries.map((e) => e.action)).toEqual(['reservation.confirm']);
  });
});

describe('releasing a hold early', () => {
  it('cancels the authorisation, puts the car back on sale in the store and search, and emails the shopper', async () => {
    const held = await hold(9504);
    expect(searchRecord(9504)).toMatchObject({ reserved: true });
    const response = await decide('release', held.reservation_id);
    expect(response.status).toBe(200);
    const { reservation } = (await response.json()) as { reservation: ConsoleReservation };
    expect(reservation).toMatchObject({ state: 'released', decided_at: consoleNow.toISOString() });
    expect((await list('released')).reservations.map((r) => r.id)).toContain(held.reservation_id);
    expect((await getCarById(db, [1011], 9504))?.reserved).toBe(false);
    expect(searchRecord(9504)).toMatchObject({ reserved: false });
    expect(await terms(9504)).toMatchObject({ reservable: true });

    await sendActions();
    const intent = reservation.payment.reference;
    expect(recorder.calls.filter((c) => c.intentId === intent).map((c) => c.action)).toEqual(['cancel']);
    expect(
      (await list('released')).reservations.find((r) => r.id === held.reservation_id)?.payment.state,
    ).toBe('cancelled');

    await sendReceipts();
    const email = mails.findLast(
      (m) => m.fileName === `receipt-released_by_dealer-${held.reservation_id}.eml`,
    );
    expect(email?.subject).toBe('Your hold on the 2022 Mazda CX-5 Maxx 9504 has been released');
    expect(email?.text).toContain('Bayside Mazda has released your hold on the 2022 Mazda CX-5 Maxx 9504');
    expect(email?.text).toContain(
      'The $200 authorisation on your card has been cancelled: nothing was taken.',
    );

    const audit = (await listAuditEntries(db, BAYSIDE_SITE, { limit: 100, offset: 0 })).entries;
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'reservation.release',
        subject: `reservation ${held.reservation_id}`,
      }),
    );
    // The car may be reserved again at once.
    expect((await hold(9504)).status).toBe('held');
  });

  it('is done once: a second release or a confirmation afterwards answers 409', async () => {
    const held = await hold(9505);
    expect((await decide('release', held.reservation_id)).status).toBe(200);
    for (const action of ['release', 'confirm'] as const) {
      const response = await decide(action, held.reservation_id);
      expect(response.status).toBe(409);
      expect(await errorOf(response)).toEqual({
        code: 'already_released',
        message: RESERVATION_REFUSALS.alreadyReleased,
      });
    }
  });
});

describe('a hold that ran out', () => {
  it('is listed as expired and can be neither confirmed nor released (409)', async () => {
    const held = await hold(9506);
    consoleNow = new Date(clock.getTime() + 48 * HOUR + 60_000);
    // A session started then: the one from the start of the test run has ended (2 hours idle).
    const cookie = await staffCookie(db, sales, consoleNow);
    try {
      expect((await list('expired', cookie)).reservations.map((r) => r.id)).toContain(held.reservation_id);
      expect((await list('held', cookie)).reservations.map((r) => r.id)).not.toContain(held.reservation_id);
      for (const action of ['confirm', 'release'] as const) {
        const response = await decide(action, held.reservation_id, cookie);
        expect(response.status).toBe(409);
        expect(await errorOf(response)).toEqual({
          code: 'hold_expired',
          message: RESERVATION_REFUSALS.expired,
        });
      }
      expect((await getCarById(db, [1011], 9506))?.status).not.toBe('sold');
      expect(recorder.calls.filter((c) => c.key === `capture-${held.reservation_id}`)).toEqual([]);
    } finally {
      consoleNow = new Date(clock.getTime() + HOUR);
    }
  });
});
