import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReservation, Reservation } from '../../../domain/contracts/reserve.ts';
import { createLogger } from '../../../server/logger.ts';
import { PaymentActions } from '../../../server/payments/actions.ts';
import { stripePaymentProvider } from '../../../server/payments/stripe.ts';
import { reservationsAdminRoutes } from '../../../server/reserve/admin.routes.ts';
import { type ReserveDeps, startReservation } from '../../../server/reserve/reserve-car.ts';
import { upsertCars } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { listLeads } from '../../../server/store/leads.repo.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { type FakeStripe, startFakeStripe, type WebhookTarget } from '../../fakes/stripe.ts';
import { sampleCar } from '../store/sample-car.ts';
import { capturedLogger } from './ops-app.ts';
import { customer, shopper } from './reserve-flow.ts';
import { type AccountServer, roomyLimiter, startAccountServer } from './watchlist-test-server.ts';

/**
 * Issue 34 item 3 (decision 120), against the local fake of Stripe's API with the real `stripe` SDK:
 * `POST /api/payments/stripe/webhook` verifies Stripe's signature, stores each event by its id (a
 * redelivery changes nothing), looks the intent up so the order events arrive in does not matter,
 * and settles the reservation with the same rule as the browser's authorisation call — so a shopper
 * whose answer was lost, or whose browser closed, is held all the same; a refund, a dispute and a
 * refused card are recorded; and each dealer's intents live on its connected account.
 */
const BAYSIDE = 'bayside-mazda';
const SECRET = 'whsec_forecourt_test';
const sites = loadTenants();
const car = (id: number) =>
  sampleCar(id, { slug: `2022-mazda-cx-5-webhook-${id}`, payment_processors: ['stripe'] });

let db: Db;
let fake: FakeStripe;
let server: AccountServer;
let target: WebhookTarget;
let deps: ReserveDeps;
const log = capturedLogger();
const clock = () => new Date(Math.floor(Date.now() / 60_000) * 60_000);

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  await upsertCars(
    db,
    Array.from({ length: 12 }, (_, index) => car(9701 + index)),
  );
  fake = await startFakeStripe();
  // No retries inside the SDK and a short timeout: the tests see each fault as the flow does.
  const stripe = stripePaymentProvider({
    secretKey: fake.secretKey,
    publishableKey: fake.publishableKey,
    apiUrl: fake.url,
    timeoutMs: 1000,
    maxNetworkRetries: 0,
  });
  deps = { db, payments: { stripe }, sites, now: clock, carsChanged: async () => {} };
  server = await startAccountServer(db, {
    limiter: roomyLimiter(),
    reserve: {
      payments: deps.payments,
      now: clock,
      carsChanged: async () => {},
      stripeWebhookSecret: SECRET,
      logger: log.logger,
    },
  });
  target = { url: `http://127.0.0.1:${server.port}/api/payments/stripe/webhook`, secret: SECRET };
});
afterAll(async () => {
  await server?.close();
  await fake?.stop();
  await db?.close();
});

let keys = 0;
const newKey = () => `webhook-key-${++keys}`;
const bayside = () => shopper(server, BAYSIDE);
const start = async (carId: number, key = newKey()) => {
  const response = await bayside().start(carId, key);
  expect(response.status).toBe(201);
  return { key, reservation: response.json<Reservation>() };
};
const intentOf = (reservation: Reservation) => reservation.payment?.intent_id ?? '';
const stateOf = async (reservationId: string) =>
  (
    await db.query<{ status: string; payment_state: string; payment_failure: string | null }>(
      'SELECT status, payment_state, payment_failure FROM reservations WHERE id = $1',
      [reservationId],
    )
  ).rows[0];
const leadsFor = async (carId: number) => (await listLeads(db, 101)).filter((lead) => lead.car_id === carId);
const ADMIN_TOKEN = 'admin-token-for-webhooks';
const confirmSale = (reservationId: string) =>
  reservationsAdminRoutes({ db, sites, adminToken: ADMIN_TOKEN, carsChanged: async () => {} }).request(
    '/reservations/confirm',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ tenant: BAYSIDE, reservation: reservationId }),
    },
  );
const sendActions = () =>
  new PaymentActions({
    db,
    payments: deps.payments,
    logger: createLogger({ quiet: true }),
    now: () => new Date(Date.now() + 1000),
  }).runOnce(100);

describe('Stripe’s webhook (issue 34 item 3)', () => {
  it('a post without Stripe’s signature, or signed with another secret: 400 and nothing changes', async () => {
    const { reservation } = await start(9701);
    await fake.confirm(intentOf(reservation), 'pm_card_visa');
    const forged = await fake.webhook('payment_intent.amount_capturable_updated', intentOf(reservation), {
      ...target,
      secret: 'whsec_someone_else',
    });
    expect(forged.map((delivery) => delivery.status)).toEqual([400]);
    expect(JSON.parse(forged[0]?.body ?? '{}')).toMatchObject({ error: { code: 'invalid_signature' } });
    const unsigned = await server.request(BAYSIDE, '/api/payments/stripe/webhook', {
      raw: JSON.stringify(fake.events(intentOf(reservation)).at(-1)),
      headers: { 'content-type': 'application/json' },
      bare: true,
    });
    expect(unsigned.status).toBe(400);
    expect(await stateOf(reservation.reservation_id)).toMatchObject({
      status: 'pending',
      payment_state: 'awaiting',
    });
    expect((await db.query('SELECT id FROM payment_events')).rows).toEqual([]);
  });

  it('the webhook arrives before the browser’s authorisation call: the car is held from it, and the browser’s call answers that hold', async () => {
    const { key, reservation } = await start(9702);
    fake.sendWebhooksTo(target);
    try {
      await fake.confirm(intentOf(reservation), 'pm_card_visa');
    } finally {
      fake.sendWebhooksTo(null);
    }
    expect(await stateOf(reservation.reservation_id)).toMatchObject({
      status: 'held',
      payment_state: 'authorised',
    });
    const checked = (await bayside().check(reservation.reservation_id, key)).json<Reservation>();
    expect(checked).toMatchObject({ status: 'held', reservation_id: reservation.reservation_id });
    const leads = await leadsFor(9702);
    expect(leads).toHaveLength(1);
    expect(leads[0]?.payload).toMatchObject({ payment_reference: intentOf(reservation) });
  });

  it('an event delivered twice is acknowledged twice and acted on once', async () => {
    const { reservation } = await start(9703);
    await fake.confirm(intentOf(reservation), 'pm_card_visa');
    const deliveries = await fake.webhook('payment_intent.amount_capturable_updated', intentOf(reservation), {
      ...target,
      duplicate: true,
    });
    expect(deliveries.map((delivery) => [delivery.status, JSON.parse(delivery.body)])).toEqual([
      [200, { received: true }],
      [200, { received: true }],
    ]);
    expect(new Set(deliveries.map((delivery) => delivery.event.id)).size).toBe(1);
    const { rows } = await db.query('SELECT id FROM payment_events WHERE intent_id = $1', [
      intentOf(reservation),
    ]);
    expect(rows).toHaveLength(1);
    expect(await leadsFor(9703)).toHaveLength(1);
  });

  it('events out of order (the capture’s before the authorisation’s): the deposit ends captured, never back to authorised', async () => {
    const { key, reservation } = await start(9704);
    await fake.confirm(intentOf(reservation), 'pm_card_visa');
    expect((await bayside().check(reservation.reservation_id, key)).json<Reservation>().status).toBe('held');
    expect((await confirmSale(reservation.reservation_id)).status).toBe(200);
    await sendActions();
    expect(fake.intent(intentOf(reservation))?.status).toBe('succeeded');
    const deliveries = await fake.deliver([...fake.events(intentOf(reservation))].reverse(), target);
    expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    expect(await stateOf(reservation.reservation_id)).toMatchObject({
      status: 'confirmed',
      payment_state: 'captured',
    });
  });

  it('a card refused at Stripe: the failure is kept for the shopper, the car stays claimed for another card', async () => {
    const { key, reservation } = await start(9705);
    await fake.confirm(intentOf(reservation), 'pm_card_chargeDeclined');
    await fake.webhook('payment_intent.payment_failed', intentOf(reservation), target);
    expect(await stateOf(reservation.reservation_id)).toMatchObject({
      status: 'pending',
      payment_failure: 'Your card was declined.',
    });
    expect((await bayside().check(reservation.reservation_id, key)).json<Reservation>()).toMatchObject({
      status: 'awaiting_payment',
      payment: {
        state: 'awaiting_card',
        failure: 'Your card was declined.',
        publishable_key: fake.publishableKey,
      },
    });
    await fake.confirm(intentOf(reservation), 'pm_card_visa');
    expect((await bayside().check(reservation.reservation_id, key)).json<Reservation>().status).toBe('held');
  });

  it('3-D Secure: processing until the shopper completes it in the browser, then held', async () => {
    const { key, reservation } = await start(9706);
    await fake.confirm(intentOf(reservation), 'pm_card_authenticationRequired');
    expect((await bayside().check(reservation.reservation_id, key)).json<Reservation>()).toMatchObject({
      status: 'awaiting_payment',
      payment: { state: 'processing' },
    });
    await fake.completeAction(intentOf(reservation), true);
    expect((await bayside().check(reservation.reservation_id, key)).json<Reservation>().status).toBe('held');
  });

  it('a refund and a dispute the dealer made in Stripe are recorded; the dispute is logged for the operator', async () => {
    const { key, reservation } = await start(9707);
    await fake.confirm(intentOf(reservation), 'pm_card_visa');
    await bayside().check(reservation.reservation_id, key);
    await confirmSale(reservation.reservation_id);
    await sendActions();
    await fake.dispute(intentOf(reservation));
    await fake.webhook('charge.dispute.created', intentOf(reservation), target);
    expect((await stateOf(reservation.reservation_id))?.payment_state).toBe('disputed');
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'A shopper disputed a reservation deposit',
        reservation_id: reservation.reservation_id,
        intent_id: intentOf(reservation),
      }),
    );

    const other = await start(9708);
    await fake.confirm(intentOf(other.reservation), 'pm_card_visa');
    await bayside().check(other.reservation.reservation_id, other.key);
    await confirmSale(other.reservation.reservation_id);
    await sendActions();
    await deps.payments.stripe?.refund(intentOf(other.reservation), null, 'refund-by-dealer');
    await fake.webhook('charge.refunded', intentOf(other.reservation), target);
    expect((await stateOf(other.reservation.reservation_id))?.payment_state).toBe('refunded');
  });

  it('Stripe does not answer the create: 502, and the resend with the same key finds the one intent Stripe made', async () => {
    const key = newKey();
    fake.failNext('/v1/payment_intents', 'timeoutAfterWrite');
    const lost = await bayside().start(9709, key);
    expect(lost.status).toBe(502);
    expect(lost.json<{ error: { code: string } }>().error.code).toBe('payment_unavailable');
    const retried = await bayside().start(9709, key);
    expect(retried.status).toBe(201);
    const reservation = retried.json<Reservation>();
    expect(
      fake.intents().filter((intent) => intent.metadata.reservation === reservation.reservation_id),
    ).toEqual([
      expect.objectContaining({
        id: intentOf(reservation),
        idempotencyKey: `reserve-${reservation.reservation_id}`,
      }),
    ]);
  });

  it('a process that died before storing the intent’s id: the webhook finds the claim by the intent’s metadata and holds it', async () => {
    const key = newKey();
    fake.failNext('/v1/payment_intents', 'timeoutAfterWrite');
    expect((await bayside().start(9710, key)).status).toBe(502);
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM reservations WHERE idempotency_key = $1',
      [key],
    );
    const reservationId = rows[0]?.id ?? '';
    const intent = fake.intents().find((made) => made.metadata.reservation === reservationId);
    if (!intent) throw new Error('no intent at Stripe');
    await fake.confirm(intent.id, 'pm_card_visa');
    await fake.webhook('payment_intent.amount_capturable_updated', intent.id, target);
    expect(await stateOf(reservationId)).toMatchObject({ status: 'held', payment_state: 'authorised' });
  });
});

describe('the routes a server mounts (server/api/routes.ts)', () => {
  it('without STRIPE_WEBHOOK_SECRET there is no webhook route; the demo’s local provider mounts its confirmation', async () => {
    const plain = await startAccountServer(db);
    try {
      const webhook = await plain.request(BAYSIDE, '/api/payments/stripe/webhook', { raw: '{}', bare: true });
      expect(webhook.status).toBe(404);
      expect(webhook.json<{ error: { code: string } }>().error.code).toBe('not_found');
      const confirm = await plain.request(
        BAYSIDE,
        '/api/payments/local/intents/pi_local_0123456789abcdef/confirm',
        {
          body: { client_secret: 'nope', payment_method: 'local_tok_success' },
        },
      );
      expect(confirm.json<{ error: { code: string } }>().error.code).toBe('intent_not_found');
    } finally {
      await plain.close();
    }
  });
});

describe('each dealer paid (issue 34 item 4)', () => {
  it('a dealer with a connected account: its intents are made there (a direct charge) with its statement descriptor', async () => {
    const bayside = sites.find((site) => site.slug === BAYSIDE);
    if (!bayside) throw new Error('no Bayside Mazda');
    const site = {
      ...bayside,
      payments: { stripe_account: 'acct_1BaysideMazda', statement_descriptor: 'BAYSIDE MAZDA' },
    };
    const withAccount = { ...deps, sites: sites.map((s) => (s.id === site.id ? site : s)) };
    const answer = await startReservation(
      withAccount,
      site,
      newKey(),
      { car_id: 9711, customer, purchase: undefined },
      null,
    );
    if ('refused' in answer) throw new Error(answer.refused.message);
    expect(answer.payment).toMatchObject({
      account: 'acct_1BaysideMazda',
      publishable_key: fake.publishableKey,
    });
    const create = fake.requests.find(
      (request) =>
        request.path === '/v1/payment_intents' &&
        request.params.metadata instanceof Object &&
        (request.params.metadata as Record<string, string>).reservation === answer.reservation_id,
    );
    expect(create).toMatchObject({
      account: 'acct_1BaysideMazda',
      idempotencyKey: `reserve-${answer.reservation_id}`,
      params: expect.objectContaining({
        capture_method: 'manual',
        amount: '20000',
        currency: 'aud',
        statement_descriptor_suffix: 'BAYSIDE MAZDA',
      }),
    });
    expect(fake.intent(answer.payment?.intent_id ?? '')?.account).toBe('acct_1BaysideMazda');
    const admin = (await (
      await reservationsAdminRoutes({
        db,
        sites,
        adminToken: ADMIN_TOKEN,
        carsChanged: async () => {},
      }).request(`/reservations?tenant=${BAYSIDE}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).json()) as { reservations: AdminReservation[] };
    expect(admin.reservations.find((r) => r.id === answer.reservation_id)?.payment).toMatchObject({
      processor: 'stripe',
      state: 'awaiting',
    });
  });
});
