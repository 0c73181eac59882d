import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_NUMBER_REFUSED_MESSAGE } from '../../../domain/card-numbers.ts';
import type { Reservation } from '../../../domain/contracts/reserve.ts';
import { localCardToken } from '../../../domain/local-card-token.ts';
import { RESERVE_MESSAGES } from '../../../domain/reserve.ts';
import { leadsRoutes } from '../../../server/api/leads.routes.ts';
import { localPaymentsRoutes } from '../../../server/api/local-payments.routes.ts';
import { reserveRoutes } from '../../../server/api/reserve.routes.ts';
import { createApp } from '../../../server/app.ts';
import { RateLimiter } from '../../../server/auth/rate-limit.ts';
import { readEnv } from '../../../server/env.ts';
import { localPaymentProvider } from '../../../server/payments/local.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { upsertCars } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { sampleCar } from '../store/sample-car.ts';
import { type CapturedLog, capturedLogger } from './ops-app.ts';

/**
 * Issue 34 items 1 and 7 (decision 116; docs/security.md "Payments"): after a shopper reserves
 * through the local demo provider — the car claimed, a declined test card then the success card
 * turned into tokens in the browser (`localCardToken`) and confirmed on the intent, the authorisation
 * checked, over the real routes — neither card number is in any request the browser sent, in any
 * text of any row of any table of the store (the local provider's intents included), or in any log
 * line; the store keeps of the card its brand and last four only. A client that posts a number anyway
 * (as the payment method, in a reservation, in an enquiry's message) is refused with 422 naming the
 * field, before anything is stored.
 */
const HOST = 'bayside-mazda.localhost';
const ORIGIN = `http://${HOST}`;
const CAR_ID = 9601;
const DECLINED = '4000 0000 0000 0002';
const SUCCESS = '4242 4242 4242 4242';
const POSTED = '4111-1111-1111-1111';
const customer = { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400 111 222' };

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
      reserveRoutes({ db, payments: { stripe: localPaymentProvider(db) } }, { limiter: roomy }),
      localPaymentsRoutes({ db }, { limiter: roomy }),
      leadsRoutes({ db }, { limiter: roomy }),
    ],
  });
});
afterAll(async () => {
  await db?.close();
});

/** A same-origin POST, as the site's page sends it; every body sent is kept. */
const post = (path: string, body: unknown, key: string) => {
  const text = body === undefined ? undefined : JSON.stringify(body);
  if (text !== undefined) sentBodies.push(text);
  return app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: {
      host: HOST,
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
      ...(text === undefined ? {} : { 'content-type': 'application/json' }),
      'idempotency-key': key,
    },
    ...(text === undefined ? {} : { body: text }),
  });
};

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
    const key = 'no-card-reservation-1';
    const started = await post('/api/reservations', { car_id: CAR_ID, customer }, key);
    expect(started.status).toBe(201);
    const reservation = (await started.json()) as Reservation;
    /** What the local payment component posts for a typed test card: its token, never the number. */
    const confirm = (number: string) =>
      post(
        `/api/payments/local/intents/${reservation.payment?.intent_id}/confirm`,
        { client_secret: reservation.payment?.client_secret, payment_method: localCardToken(number) },
        key,
      );
    const declined = await confirm(DECLINED);
    expect(declined.status).toBe(402);
    expect(((await declined.json()) as { error: { message: string } }).error.message).toBe(
      RESERVE_MESSAGES.declined,
    );
    expect((await confirm(SUCCESS)).status).toBe(200);
    const held = await post(`/api/reservations/${reservation.reservation_id}/authorisation`, undefined, key);
    expect(await held.json()).toMatchObject({ car_id: CAR_ID, status: 'held' });

    expect(
      sentBodies
        .filter((body) => body.includes('payment_method'))
        .map((body) => JSON.parse(body).payment_method),
    ).toEqual(['local_tok_declined', 'local_tok_success']);
    const dump = await dumpStore();
    expect(dump.some((row) => row.startsWith('reservations:'))).toBe(true);
    expect(dump.some((row) => row.startsWith('local_payment_intents:'))).toBe(true);
    expect(dump.some((row) => row.startsWith('leads:') && row.includes('sam@example.com'))).toBe(true);
    // Of the card the store keeps what the processor reports: brand and last four.
    const { rows } = await db.query<{ card_brand: string; card_last4: string }>(
      'SELECT card_brand, card_last4 FROM reservations WHERE id = $1',
      [reservation.reservation_id],
    );
    expect(rows).toEqual([{ card_brand: 'visa', card_last4: '4242' }]);
    const lines = log.lines.map((line) => JSON.stringify(line));
    expect(lines.some((line) => line.includes('/confirm') && line.includes('402'))).toBe(true);
    for (const number of [DECLINED, SUCCESS]) {
      expect(found(sentBodies, number)).toEqual([]);
      expect(found(dump, number)).toEqual([]);
      expect(found(lines, number)).toEqual([]);
    }
  });

  it.each([
    [
      'a reservation',
      '/api/reservations',
      { car_id: CAR_ID, customer, card: { number: POSTED } },
      'card.number',
    ],
    [
      'the local payment method',
      '/api/payments/local/intents/pi_local_0123456789abcdef01234567/confirm',
      { client_secret: 'secret', payment_method: `local_card_${POSTED.replace(/\D/g, '')}` },
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
