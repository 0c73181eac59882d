import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProvidersFromEnv } from '../../../server/payments/from-env.ts';
import {
  type CreateIntent,
  PaymentDeclinedError,
  PaymentUnavailableError,
} from '../../../server/payments/provider.ts';
import {
  InvalidWebhookSignatureError,
  STRIPE_API_VERSION,
  type StripeWebhookEvent,
  stripePaymentProvider,
  stripeWebhookEvent,
} from '../../../server/payments/stripe.ts';
import type { Executor } from '../../../server/store/db.ts';
import { type FakeStripe, startFakeStripe } from '../../fakes/stripe.ts';

/**
 * The Stripe adapter (issue 34 items 2–4 and 6, decision 119) through the official SDK against the
 * local fake of Stripe's HTTP API: authorise-only intents on the dealer's account, idempotent by our
 * keys, looked up with the card's brand and last four, captured, cancelled and refunded; a timeout
 * that never loses the intent; webhooks verified by their signature.
 */
const ACCOUNT = 'acct_1DealerBayside';
const WEBHOOK_SECRET = 'whsec_forecourt_test';
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.stop();
});

const provider = (overrides: { secretKey?: string; timeoutMs?: number; maxNetworkRetries?: number } = {}) =>
  stripePaymentProvider({
    secretKey: fake.secretKey,
    publishableKey: fake.publishableKey,
    apiUrl: fake.url,
    timeoutMs: 2_000,
    ...overrides,
  });

let serial = 0;
const request = (overrides: Partial<CreateIntent> = {}): CreateIntent => {
  serial += 1;
  return {
    amountCents: 20_000,
    currency: 'aud',
    idempotencyKey: `reserve-test-${serial}-${Date.now()}`,
    description: 'Deposit to hold 2022 Mazda CX-5',
    statementDescriptor: 'BAYSIDE MAZDA',
    account: ACCOUNT,
    metadata: { site: 'bayside-mazda', car: '7001', reservation: `res-${serial}` },
    ...overrides,
  };
};

/** An intent made and authorised by the shopper's card (what Stripe.js does in the browser). */
async function authorised(account: string | null = ACCOUNT) {
  const stripe = provider();
  const intent = await stripe.createIntent(request({ account }));
  expect((await fake.confirm(intent.id, 'pm_card_visa')).status).toBe(200);
  return { stripe, intent };
}

describe('the Stripe adapter', () => {
  it('creates an authorise-only intent on the dealer’s account, with the metadata, descriptor, pinned version and our key', async () => {
    const stripe = provider();
    const asked = request();
    const intent = await stripe.createIntent(asked);
    expect(stripe.publishableKey).toBe(fake.publishableKey);
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 20_000,
      currency: 'aud',
      account: ACCOUNT,
      card: null,
      lastFailure: null,
      reservationId: asked.metadata.reservation,
      refunded: false,
    });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    expect(fake.intent(intent.id)).toMatchObject({
      captureMethod: 'manual',
      account: ACCOUNT,
      metadata: asked.metadata,
      description: asked.description,
      statementDescriptorSuffix: 'BAYSIDE MAZDA',
      idempotencyKey: asked.idempotencyKey,
    });
    const call = fake.requests.findLast((seen) => seen.path === '/v1/payment_intents');
    expect(call).toMatchObject({
      idempotencyKey: asked.idempotencyKey,
      account: ACCOUNT,
      stripeVersion: STRIPE_API_VERSION,
      authorization: `Bearer ${fake.secretKey}`,
    });
    expect(call?.params).toMatchObject({
      automatic_payment_methods: { enabled: 'true' },
      capture_method: 'manual',
    });
  });

  it('a create resent with its key answers the same intent; without a descriptor or account none is sent', async () => {
    const stripe = provider();
    const asked = request({ statementDescriptor: null, account: null });
    const first = await stripe.createIntent(asked);
    const again = await stripe.createIntent(asked);
    expect(again.id).toBe(first.id);
    expect(fake.intents().filter((intent) => intent.idempotencyKey === asked.idempotencyKey)).toHaveLength(1);
    expect(fake.intent(first.id)).toMatchObject({ account: null, statementDescriptorSuffix: null });
    expect(fake.requests.at(-1)?.account).toBeNull();
  });

  it('looks an authorised intent up with the card’s brand and last four; captures it; refunds it once', async () => {
    const { stripe, intent } = await authorised();
    const found = await stripe.retrieveIntent(intent.id, ACCOUNT);
    expect(found).toMatchObject({
      status: 'requires_capture',
      card: { brand: 'visa', last4: '4242' },
      refunded: false,
    });
    const captured = await stripe.capture(intent.id, ACCOUNT, `capture-${intent.id}`);
    expect(captured.status).toBe('succeeded');
    expect(fake.intent(intent.id)?.amountReceived).toBe(20_000);
    // The outbox resends with the same key: the same capture, not an error.
    expect((await stripe.capture(intent.id, ACCOUNT, `capture-${intent.id}`)).status).toBe('succeeded');
    await stripe.refund(intent.id, ACCOUNT, `refund-${intent.id}`);
    await stripe.refund(intent.id, ACCOUNT, `refund-${intent.id}`);
    expect(await stripe.retrieveIntent(intent.id, ACCOUNT)).toMatchObject({
      status: 'succeeded',
      refunded: true,
    });
    expect(fake.intent(intent.id)?.amountRefunded).toBe(20_000);
    // A second refund under another key is Stripe's refusal, in Stripe's words: neither a decline nor unavailable.
    const again = stripe.refund(intent.id, ACCOUNT, 'refund-other');
    await expect(again).rejects.toThrow(/already been refunded/);
    await expect(again).rejects.not.toBeInstanceOf(PaymentUnavailableError);
  });

  it('cancels an authorisation (released, not refunded); a capture after it is refused', async () => {
    const { stripe, intent } = await authorised();
    const cancelled = await stripe.cancel(intent.id, ACCOUNT, `cancel-${intent.id}`);
    expect(cancelled).toMatchObject({ status: 'canceled', refunded: false });
    expect((await stripe.cancel(intent.id, ACCOUNT, `cancel-${intent.id}`)).status).toBe('canceled');
    await expect(stripe.capture(intent.id, ACCOUNT, `capture-${intent.id}`)).rejects.toThrow(
      /status of canceled/,
    );
    expect(fake.intent(intent.id)).toMatchObject({ amountReceived: 0, amountCapturable: 0 });
  });

  it('a refused card leaves the intent waiting for another, with Stripe’s message; a card error is a decline', async () => {
    const stripe = provider();
    const intent = await stripe.createIntent(request());
    expect((await fake.confirm(intent.id, 'pm_card_chargeDeclined')).status).toBe(402);
    expect(await stripe.retrieveIntent(intent.id, ACCOUNT)).toMatchObject({
      status: 'requires_payment_method',
      lastFailure: 'Your card was declined.',
      card: null,
    });
    await fake.confirm(intent.id, 'pm_card_authenticationRequired');
    expect((await stripe.retrieveIntent(intent.id, ACCOUNT)).status).toBe('requires_action');
    await fake.completeAction(intent.id, true);
    expect(await stripe.retrieveIntent(intent.id, ACCOUNT)).toMatchObject({
      status: 'requires_capture',
      lastFailure: null,
    });

    fake.failNext(`/v1/payment_intents/${intent.id}/capture`, 'cardDeclined');
    const declined = stripe.capture(intent.id, ACCOUNT, `capture-${intent.id}`);
    await expect(declined).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(declined).rejects.toThrow('Your card was declined.');
  });

  it('an answer lost after the write: the SDK’s retry with the same key finds the same intent', async () => {
    const stripe = provider({ timeoutMs: 300, maxNetworkRetries: 1 });
    const asked = request();
    fake.failNext('/v1/payment_intents', 'timeoutAfterWrite');
    const intent = await stripe.createIntent(asked);
    const made = fake.intents().filter((seen) => seen.idempotencyKey === asked.idempotencyKey);
    expect(made.map((seen) => seen.id)).toEqual([intent.id]);
    const posts = fake.requests.filter((seen) => seen.idempotencyKey === asked.idempotencyKey);
    expect(posts).toHaveLength(2);
  });

  it('a timeout is unavailable, never “not charged”: asked again with the key, the same intent', async () => {
    const stripe = provider({ timeoutMs: 300, maxNetworkRetries: 0 });
    const asked = request();
    fake.failNext('/v1/payment_intents', 'timeoutAfterWrite');
    await expect(stripe.createIntent(asked)).rejects.toBeInstanceOf(PaymentUnavailableError);
    const [made] = fake.intents().filter((seen) => seen.idempotencyKey === asked.idempotencyKey);
    expect(made?.status).toBe('requires_payment_method');
    expect((await stripe.createIntent(asked)).id).toBe(made?.id);
  });

  it('a 5xx, a rate limit, a hang or no server is unavailable; a wrong key or another account’s intent is not', async () => {
    const stripe = provider({ timeoutMs: 300, maxNetworkRetries: 0 });
    fake.failNext('/v1/payment_intents', 'serverError');
    await expect(stripe.createIntent(request())).rejects.toBeInstanceOf(PaymentUnavailableError);
    fake.failNext('/v1/payment_intents', 'rateLimited');
    await expect(stripe.createIntent(request())).rejects.toBeInstanceOf(PaymentUnavailableError);
    fake.failNext('/v1/payment_intents', 'hang');
    await expect(stripe.createIntent(request())).rejects.toBeInstanceOf(PaymentUnavailableError);
    const nowhere = stripePaymentProvider({
      secretKey: fake.secretKey,
      publishableKey: fake.publishableKey,
      apiUrl: 'http://127.0.0.1:1',
      timeoutMs: 300,
      maxNetworkRetries: 0,
    });
    await expect(nowhere.createIntent(request())).rejects.toBeInstanceOf(PaymentUnavailableError);

    const wrongKey = provider({ secretKey: 'sk_test_wrong', maxNetworkRetries: 0 }).createIntent(request());
    await expect(wrongKey).rejects.toThrow(/Invalid API Key/);
    await expect(wrongKey).rejects.not.toBeInstanceOf(PaymentUnavailableError);
    const { intent } = await authorised();
    const elsewhere = stripe.retrieveIntent(intent.id, null);
    await expect(elsewhere).rejects.toThrow(/No such payment_intent/);
    await expect(elsewhere).rejects.not.toBeInstanceOf(PaymentUnavailableError);
  });
});

describe('Stripe’s webhooks', () => {
  const signed = (payload: string, secret = WEBHOOK_SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret });

  it('a signed event names its intent — from the intent, a charge or a dispute — and the dealer’s account', async () => {
    const { stripe, intent } = await authorised();
    await stripe.capture(intent.id, ACCOUNT, `capture-${intent.id}`);
    await stripe.refund(intent.id, ACCOUNT, `refund-${intent.id}`);
    await fake.dispute(intent.id);
    const events = fake.events(intent.id);
    const types = events.map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'payment_intent.amount_capturable_updated',
        'payment_intent.succeeded',
        'charge.refunded',
        'charge.dispute.created',
      ]),
    );
    for (const event of events) {
      const payload = JSON.stringify(event);
      expect(stripeWebhookEvent(payload, signed(payload), WEBHOOK_SECRET)).toEqual({
        id: event.id,
        type: event.type,
        intentId: intent.id,
        account: ACCOUNT,
      });
    }
  });

  it('a wrong secret, a changed body or no signature is refused', async () => {
    const { intent } = await authorised(null);
    const [event] = fake.events(intent.id);
    const payload = JSON.stringify(event);
    expect(stripeWebhookEvent(payload, signed(payload), WEBHOOK_SECRET).account).toBeNull();
    expect(() => stripeWebhookEvent(payload, signed(payload, 'whsec_other'), WEBHOOK_SECRET)).toThrow(
      InvalidWebhookSignatureError,
    );
    const changed = payload.replace('"livemode":false', '"livemode":true');
    expect(() => stripeWebhookEvent(changed, signed(payload), WEBHOOK_SECRET)).toThrow(
      InvalidWebhookSignatureError,
    );
    expect(() => stripeWebhookEvent(payload, undefined, WEBHOOK_SECRET)).toThrow(
      InvalidWebhookSignatureError,
    );
    expect(() => stripeWebhookEvent(payload, 'garbage', WEBHOOK_SECRET)).toThrow(
      InvalidWebhookSignatureError,
    );
  });

  describe('delivered by the fake to an endpoint', () => {
    let endpoint: Server;
    let url = '';
    const received: (StripeWebhookEvent | 'refused')[] = [];
    beforeAll(async () => {
      endpoint = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => {
          body += chunk;
        });
        req.on('end', () => {
          try {
            const signature = req.headers['stripe-signature'];
            received.push(
              stripeWebhookEvent(body, typeof signature === 'string' ? signature : undefined, WEBHOOK_SECRET),
            );
            res.writeHead(200).end('{"received":true}');
          } catch {
            received.push('refused');
            res.writeHead(400).end();
          }
        });
      });
      await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', () => resolve()));
      url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/webhook`;
    });
    afterAll(async () => {
      await new Promise((resolve) => endpoint.close(resolve));
    });

    it('duplicated, out of order, before the answer, and with a wrong secret', async () => {
      const { stripe, intent } = await authorised();
      received.length = 0;
      const twice = await fake.webhook('payment_intent.amount_capturable_updated', intent.id, {
        url,
        secret: WEBHOOK_SECRET,
        duplicate: true,
      });
      expect(twice.map((delivery) => delivery.status)).toEqual([200, 200]);
      expect(received.map((event) => event !== 'refused' && event.id)).toEqual([
        twice[0]?.event.id,
        twice[0]?.event.id,
      ]);

      received.length = 0;
      await fake.deliver([...fake.events(intent.id)].reverse(), { url, secret: WEBHOOK_SECRET });
      expect(received.map((event) => event !== 'refused' && event.type).at(-1)).toBe(
        'payment_intent.created',
      );

      received.length = 0;
      fake.sendWebhooksTo({ url, secret: WEBHOOK_SECRET });
      const captured = await stripe.capture(intent.id, ACCOUNT, `capture-${intent.id}`);
      fake.sendWebhooksTo(null);
      expect(captured.status).toBe('succeeded');
      // The endpoint had heard of the capture before the API answered it.
      expect(received).toContainEqual({
        id: expect.any(String),
        type: 'payment_intent.succeeded',
        intentId: intent.id,
        account: ACCOUNT,
      });

      received.length = 0;
      const forged = await fake.webhook('payment_intent.succeeded', intent.id, {
        url,
        secret: 'whsec_forged',
      });
      expect(forged[0]?.status).toBe(400);
      expect(received).toEqual(['refused']);
    });
  });
});

describe('the providers from the environment', () => {
  const db: Executor = {
    query: () => Promise.reject(new Error('not used')),
    transaction: () => Promise.reject(new Error('not used')),
  };

  it('Stripe with its three settings; the local provider in the demo without them; none in production', () => {
    const stripe = paymentProvidersFromEnv(
      {
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
        STRIPE_WEBHOOK_SECRET: 'whsec_forecourt_test',
        STRIPE_API_URL: fake.url,
      },
      { db },
    ).stripe;
    expect(stripe?.name).toBe('stripe');
    expect(stripe?.publishableKey).toBe(fake.publishableKey);
    expect(paymentProvidersFromEnv({}, { db }).stripe?.name).toBe('local');
    expect(paymentProvidersFromEnv({ FORECOURT_ENV: 'demo' }, { db }).stripe?.publishableKey).toBeNull();
    expect(paymentProvidersFromEnv({ FORECOURT_ENV: 'production' }, { db })).toEqual({});
  });

  it('a secret key without the publishable key or the webhook secret is refused at start, naming the setting', () => {
    expect(() => paymentProvidersFromEnv({ STRIPE_SECRET_KEY: fake.secretKey }, { db })).toThrow(
      /STRIPE_PUBLISHABLE_KEY/,
    );
    expect(() =>
      paymentProvidersFromEnv(
        { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: fake.publishableKey },
        { db },
      ),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
