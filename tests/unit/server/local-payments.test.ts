import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsCardNumber } from '../../../domain/card-numbers.ts';
import { LOCAL_TOKENS } from '../../../domain/local-card-token.ts';
import { RESERVE_MESSAGES, TEST_CARDS } from '../../../domain/reserve.ts';
import { localPaymentsRoutes } from '../../../server/api/local-payments.routes.ts';
import type { AppEnv } from '../../../server/app-env.ts';
import { RateLimiter } from '../../../server/auth/rate-limit.ts';
import {
  confirmLocalIntent,
  LocalIntentNotConfirmableError,
  LocalIntentNotFoundError,
  localPaymentProvider,
} from '../../../server/payments/local.ts';
import {
  type CreateIntent,
  PaymentDeclinedError,
  type PaymentProvider,
  PaymentUnavailableError,
} from '../../../server/payments/provider.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';

/**
 * The local demonstration provider (issue 34 items 1 and 6, decision 119): intents kept in the store
 * that behave as Stripe's — created once per key, confirmed by the browser's token, captured,
 * cancelled and refunded once each — and its confirm endpoint, which never sees a card number.
 */
let serial = 0;
const request = (overrides: Partial<CreateIntent> = {}): CreateIntent => {
  serial += 1;
  return {
    amountCents: 20_000,
    currency: 'aud',
    idempotencyKey: `reserve-local-${serial}`,
    description: 'Deposit to hold 2022 Mazda CX-5',
    statementDescriptor: 'BAYSIDE MAZDA',
    account: null,
    metadata: { site: 'bayside-mazda', car: '7001', reservation: `res-${serial}` },
    ...overrides,
  };
};

describe.each(testDrivers('local_payments'))('the local provider on $name', (driver) => {
  let store: TestStore;
  let local: PaymentProvider;
  beforeAll(async () => {
    store = await driver.open();
    local = localPaymentProvider(store.db);
  });
  afterAll(async () => {
    await store?.cleanup();
  });

  it('creates an intent waiting for a card; the same key again, even ten at once, finds the same one', async () => {
    const asked = request();
    const intent = await local.createIntent(asked);
    expect(local.publishableKey).toBeNull();
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 20_000,
      currency: 'aud',
      account: null,
      card: null,
      lastFailure: null,
      reservationId: asked.metadata.reservation,
      refunded: false,
    });
    expect(intent.id).toMatch(/^pi_local_[0-9a-f]{24}$/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[0-9a-f]{32}$`));
    const again = await local.createIntent(asked);
    expect(again).toEqual(intent);

    const raced = request();
    const all = await Promise.all(Array.from({ length: 10 }, () => local.createIntent(raced)));
    expect(new Set(all.map((made) => made.id)).size).toBe(1);
    // A key names one request: another amount under it is Stripe's idempotency error.
    await expect(local.createIntent({ ...raced, amountCents: 1 })).rejects.toThrow(/same parameters/);
  });

  it('the success token authorises (a Visa ending 4242); capture takes it once; a refund gives it back once', async () => {
    const intent = await local.createIntent(request());
    const confirmed = await confirmLocalIntent(
      store.db,
      intent.id,
      intent.clientSecret,
      LOCAL_TOKENS.success,
    );
    expect(confirmed).toMatchObject({ status: 'requires_capture', card: { brand: 'visa', last4: '4242' } });
    // Looked up by another process (a provider over the same store): the store is the record.
    expect(await localPaymentProvider(store.db).retrieveIntent(intent.id, null)).toEqual(confirmed);

    expect((await local.capture(intent.id, null, 'capture-1')).status).toBe('succeeded');
    expect((await local.capture(intent.id, null, 'capture-1')).status).toBe('succeeded');
    await expect(local.capture(intent.id, null, 'capture-other')).rejects.toThrow(/status of succeeded/);
    await expect(local.cancel(intent.id, null, 'cancel-1')).rejects.toThrow(/status of succeeded/);

    await local.refund(intent.id, null, 'refund-1');
    await local.refund(intent.id, null, 'refund-1');
    await expect(local.refund(intent.id, null, 'refund-other')).rejects.toThrow(/already been refunded/);
    expect(await local.retrieveIntent(intent.id, null)).toMatchObject({
      status: 'succeeded',
      refunded: true,
    });
  });

  it('declined and insufficient-funds cards leave it waiting with the shopper’s message; another card may follow', async () => {
    const intent = await local.createIntent(request());
    const declined = confirmLocalIntent(store.db, intent.id, intent.clientSecret, LOCAL_TOKENS.declined);
    await expect(declined).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(declined).rejects.toThrow(RESERVE_MESSAGES.declined);
    expect(await local.retrieveIntent(intent.id, null)).toMatchObject({
      status: 'requires_payment_method',
      lastFailure: RESERVE_MESSAGES.declined,
      card: null,
    });
    await expect(
      confirmLocalIntent(store.db, intent.id, intent.clientSecret, LOCAL_TOKENS.insufficientFunds),
    ).rejects.toThrow(RESERVE_MESSAGES.insufficientFunds);
    expect((await local.retrieveIntent(intent.id, null)).lastFailure).toBe(
      RESERVE_MESSAGES.insufficientFunds,
    );
    const paid = await confirmLocalIntent(store.db, intent.id, intent.clientSecret, LOCAL_TOKENS.success);
    expect(paid).toMatchObject({ status: 'requires_capture', lastFailure: null });
  });

  it('the network-failure card is unavailable and changes nothing; an unknown token is the demonstration’s note', async () => {
    const intent = await local.createIntent(request());
    await expect(
      confirmLocalIntent(store.db, intent.id, intent.clientSecret, LOCAL_TOKENS.networkFailure),
    ).rejects.toBeInstanceOf(PaymentUnavailableError);
    expect(await local.retrieveIntent(intent.id, null)).toEqual(intent);
    const unknown = confirmLocalIntent(store.db, intent.id, intent.clientSecret, 'pm_card_visa');
    await expect(unknown).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(unknown).rejects.toThrow(RESERVE_MESSAGES.notATestCard);
    expect(await local.retrieveIntent(intent.id, null)).toEqual(intent);
  });

  it('a wrong client secret is not found; an authorised or cancelled intent takes no more cards', async () => {
    const intent = await local.createIntent(request());
    // Its last hex digit changed (a secret that already ended in 0 stayed right, one run in 16).
    const wrongSecret = `${intent.clientSecret.slice(0, -1)}${intent.clientSecret.endsWith('0') ? '1' : '0'}`;
    await expect(
      confirmLocalIntent(store.db, intent.id, wrongSecret, LOCAL_TOKENS.success),
    ).rejects.toBeInstanceOf(LocalIntentNotFoundError);
    await expect(
      confirmLocalIntent(store.db, 'pi_local_000000000000', intent.clientSecret, LOCAL_TOKENS.success),
    ).rejects.toBeInstanceOf(LocalIntentNotFoundError);
    expect((await local.retrieveIntent(intent.id, null)).status).toBe('requires_payment_method');

    await confirmLocalIntent(store.db, intent.id, intent.clientSecret, LOCAL_TOKENS.success);
    await expect(
      confirmLocalIntent(store.db, intent.id, intent.clientSecret, LOCAL_TOKENS.success),
    ).rejects.toBeInstanceOf(LocalIntentNotConfirmableError);
    expect((await local.cancel(intent.id, null, 'cancel-2')).status).toBe('canceled');
    expect((await local.cancel(intent.id, null, 'cancel-2')).status).toBe('canceled');
    await expect(local.capture(intent.id, null, 'capture-2')).rejects.toThrow(/status of canceled/);
    await expect(
      confirmLocalIntent(store.db, intent.id, intent.clientSecret, LOCAL_TOKENS.success),
    ).rejects.toBeInstanceOf(LocalIntentNotConfirmableError);
    expect(await local.retrieveIntent(intent.id, null)).toMatchObject({
      status: 'canceled',
      refunded: false,
    });
  });

  it('an intent on a dealer’s account is found on that account only', async () => {
    const intent = await local.createIntent(request({ account: 'acct_1DealerBayside' }));
    expect((await local.retrieveIntent(intent.id, 'acct_1DealerBayside')).account).toBe(
      'acct_1DealerBayside',
    );
    await expect(local.retrieveIntent(intent.id, null)).rejects.toThrow(/No such payment_intent/);
    await expect(local.capture(intent.id, 'acct_other', 'capture-3')).rejects.toThrow(
      /No such payment_intent/,
    );
  });

  it('the store holds no card number: brand and last four of an authorised card, nothing more', async () => {
    const { rows } = await store.db.query('SELECT * FROM local_payment_intents');
    expect(rows.length).toBeGreaterThan(0);
    const dump = JSON.stringify(rows);
    for (const number of Object.values(TEST_CARDS)) expect(dump).not.toContain(number);
    expect(rows.some((row) => holdsCardNumber(Object.values(row).map(String).join(' ')))).toBe(false);
  });
});

describe('the local confirm endpoint', () => {
  let store: TestStore;
  let local: PaymentProvider;
  let app: Hono<AppEnv>;
  const [pglite] = testDrivers('local_confirm');
  beforeAll(async () => {
    if (!pglite) throw new Error('no PGlite driver');
    store = await pglite.open();
    local = localPaymentProvider(store.db);
    app = new Hono<AppEnv>().route(
      '/api',
      localPaymentsRoutes(
        { db: store.db },
        { limiter: new RateLimiter({ capacity: 10_000, perSecond: 100 }) },
      ),
    );
  });
  afterAll(async () => {
    await store?.cleanup();
  });

  const confirm = (intentId: string, body: unknown, target: Hono<AppEnv> = app) =>
    target.request(`http://bayside-mazda.localhost/api/payments/local/intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://bayside-mazda.localhost' },
      body: JSON.stringify(body),
    });
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; message: string } }).error;

  it('authorises with the client secret and the success token (200); a second time is 409', async () => {
    const intent = await local.createIntent(request());
    const body = { client_secret: intent.clientSecret, payment_method: LOCAL_TOKENS.success };
    const response = await confirm(intent.id, body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: intent.id, status: 'requires_capture' });
    const again = await confirm(intent.id, body);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('intent_not_confirmable');
  });

  it('402 with the shopper’s message for a declined card; 502 for the network-failure card, nothing authorised', async () => {
    const intent = await local.createIntent(request());
    const declined = await confirm(intent.id, {
      client_secret: intent.clientSecret,
      payment_method: LOCAL_TOKENS.declined,
    });
    expect(declined.status).toBe(402);
    expect(await errorOf(declined)).toEqual({ code: 'payment_declined', message: RESERVE_MESSAGES.declined });
    const down = await confirm(intent.id, {
      client_secret: intent.clientSecret,
      payment_method: LOCAL_TOKENS.networkFailure,
    });
    expect(down.status).toBe(502);
    expect((await errorOf(down)).code).toBe('payment_unavailable');
    expect((await local.retrieveIntent(intent.id, null)).status).toBe('requires_payment_method');
  });

  it('404 for a wrong client secret or an unknown intent, alike; a card number is refused before anything', async () => {
    const intent = await local.createIntent(request());
    const other = await local.createIntent(request());
    const wrong = await confirm(intent.id, {
      client_secret: other.clientSecret,
      payment_method: LOCAL_TOKENS.success,
    });
    expect(wrong.status).toBe(404);
    const unknown = await confirm('pi_local_0123456789abcdef', {
      client_secret: intent.clientSecret,
      payment_method: LOCAL_TOKENS.success,
    });
    expect(unknown.status).toBe(404);
    expect(await errorOf(wrong)).toEqual(await errorOf(unknown));

    const number = await confirm(intent.id, {
      client_secret: intent.clientSecret,
      payment_method: TEST_CARDS.success,
    });
    expect(number.status).toBe(422);
    expect((await errorOf(number)).code).toBe('card_number_refused');
    expect((await local.retrieveIntent(intent.id, null)).status).toBe('requires_payment_method');
  });

  it('is rate limited per address', async () => {
    const tight = new Hono<AppEnv>().route(
      '/api',
      localPaymentsRoutes({ db: store.db }, { limiter: new RateLimiter({ capacity: 1, perSecond: 0.001 }) }),
    );
    const intent = await local.createIntent(request());
    const body = { client_secret: intent.clientSecret, payment_method: LOCAL_TOKENS.declined };
    expect((await confirm(intent.id, body, tight)).status).toBe(402);
    expect((await confirm(intent.id, body, tight)).status).toBe(429);
  });
});
