import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_NUMBER_REFUSED_MESSAGE } from '../../../domain/card-numbers.ts';
import { RESERVE_MESSAGES } from '../../../domain/reserve.ts';
import { leadsRoutes } from '../../../server/api/leads.routes.ts';
import { reserveRoutes } from '../../../server/api/reserve.routes.ts';
import { createApp } from '../../../server/app.ts';
import { RateLimiter } from '../../../server/auth/rate-limit.ts';
import { readEnv } from '../../../server/env.ts';
import { localPaymentProvider } from '../../../server/payments/provider.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { upsertCars } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { createHttp } from '../../../services/http.ts';
import { reservationSender } from '../../../services/reserve/reserve.service.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { sampleCar } from '../store/sample-car.ts';
import { type CapturedLog, capturedLogger } from './ops-app.ts';

/**
 * Issue 34 items 1 and 7 (decision 116): after a shopper reserves through the local demo provider —
 * a declined test card, then the success card, through the browser's own reserve service and the
 * real routes — neither card number is in any request the browser sent, in any text of any table of
 * the store, or in any log line; and a client that posts a number anyway (in the payment method, in
 * an enquiry's message) is refused with 422 naming the field, before anything is stored.
 */
const HOST = 'bayside-mazda.localhost';
const ORIGIN = `http://${HOST}`;
const CAR_ID = 9601;
const DECLINED = '4000 0000 0000 0002';
const SUCCESS = '4242 4242 4242 4242';
const POSTED = '4111-1111-1111-1111';
const customer = { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400 111 222' };
const card = (number: string) => ({ card_number: number, expiry: '12/39', cvc: '123', terms: true as const });

let db: Db;
let log: CapturedLog;
let app: ReturnType<typeof createApp>;
const sentBodies: string[] = [];

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  await upsertCars(db, [
    sampleCar(CAR_ID, { slug: `2022-mazda-cx-5-no-card-${CAR_ID}`, payment_processors: ['stripe'] }),
  ]);
  log = capturedLogger('debug');
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-no-card-'));
  const roomy = new RateLimiter({ capacity: 1000, perSecond: 1000 });
  app = createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    sites: loadTenants(),
    secrets: loadSecrets(dataDir),
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger: log.logger,
    apiRoutes: [
      reserveRoutes({ db, payments: { stripe: localPaymentProvider() } }, { limiter: roomy }),
      leadsRoutes({ db }, { limiter: roomy }),
    ],
  });
});
afterAll(async () => {
  await db?.close();
});

/** The browser's HTTP client, as the reserve page has it, keeping every body it sends. */
const browserHttp = () =>
  createHttp({
    baseUrl: ORIGIN,
    headers: { host: HOST, origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
    fetch: async (request) => {
      if (request.method === 'POST') sentBodies.push(await request.clone().text());
      return app.request(request);
    },
  });

/** A client that posts its own body (not the site's page), same-origin. */
const post = (path: string, body: unknown, key: string) =>
  app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: {
      host: HOST,
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      'idempotency-key': key,
    },
    body: JSON.stringify(body),
  });

/** Every text of every row of every table in the store, as one string per row. */
async function dumpStore(): Promise<string[]> {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  const dump: string[] = [];
  for (const table of tables) {
    const { rows } = await db.query<{ row: string }>(
      `SELECT t::text AS row FROM "${table.schema}"."${table.name}" t`,
    );
    dump.push(...rows.map((r) => `${table.name}: ${r.row}`));
  }
  return dump;
}

/** The ways a number could have been written down: as typed, bare digits, or regrouped. */
const spellings = (number: string) => {
  const digits = number.replace(/\D/g, '');
  return [number, digits, digits.replace(/(\d{4})(?=\d)/g, '$1 '), digits.replace(/(\d{4})(?=\d)/g, '$1-')];
};
const found = (texts: readonly string[], number: string) =>
  texts.filter((text) => spellings(number).some((spelling) => text.includes(spelling)));

describe('card numbers never reach the store or the logs (issue 34 items 1 and 7)', () => {
  it('a declined test card then the success card: held, and no number in any request, table or log line', async () => {
    const send = reservationSender(browserHttp());
    const declined = await send({ carId: CAR_ID, customer, card: card(DECLINED), purchase: null }).then(
      () => null,
      (error: { message: string; details?: { status?: number } }) => error,
    );
    expect(declined?.details?.status).toBe(402);
    expect(declined?.message).toBe(RESERVE_MESSAGES.declined);
    const held = await send({ carId: CAR_ID, customer, card: card(SUCCESS), purchase: null });
    expect(held).toMatchObject({ car_id: CAR_ID, status: 'held' });

    expect(sentBodies.map((body) => JSON.parse(body).payment_method)).toEqual([
      'local_tok_declined',
      'local_tok_success',
    ]);
    const dump = await dumpStore();
    expect(dump.some((row) => row.startsWith('reservations:'))).toBe(true);
    expect(dump.some((row) => row.startsWith('leads:') && row.includes('sam@example.com'))).toBe(true);
    const lines = log.lines.map((line) => JSON.stringify(line));
    expect(lines.some((line) => line.includes('/api/reservations') && line.includes('402'))).toBe(true);
    for (const number of [DECLINED, SUCCESS]) {
      expect(found(sentBodies, number)).toEqual([]);
      expect(found(dump, number)).toEqual([]);
      expect(found(lines, number)).toEqual([]);
    }
  });

  it.each([
    [
      'the payment method',
      '/api/reservations',
      { car_id: CAR_ID, customer, payment_method: `local_card_${POSTED.replace(/\D/g, '')}` },
      'payment_method',
    ],
    [
      'an enquiry’s message',
      '/api/leads',
      {
        form: 'contact',
        last_step: true,
        userData: {
          category: 'General Enquiry',
          name: 'Sam Shopper',
          email: 'sam@example.com',
          phone: '0400 111 222',
          postcode: '4000',
          message: `Please take the deposit from my card ${POSTED}, expiry 12/39`,
        },
      },
      'userData.message',
    ],
  ])(
    'a number posted in %s: 422 naming the field, and nothing of it stored or logged',
    async (_, path, body, field) => {
      const response = await post(path, body, `posted-${field}`);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        error: {
          code: 'card_number_refused',
          message: CARD_NUMBER_REFUSED_MESSAGE,
          fields: { [field]: CARD_NUMBER_REFUSED_MESSAGE },
        },
      });
      expect(found(await dumpStore(), POSTED)).toEqual([]);
      expect(
        found(
          log.lines.map((line) => JSON.stringify(line)),
          POSTED,
        ),
      ).toEqual([]);
    },
  );
});
