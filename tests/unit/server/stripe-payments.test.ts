import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PaymentDeclinedError,
  PaymentUnavailableError,
  paymentProvidersFromEnv,
  stripePaymentProvider,
} from '../../../server/payments/provider.ts';

/**
 * The Stripe adapter (issue 17 item 1, decision 088) against a local fake of Stripe's HTTP API: the
 * form-encoded calls, the secret key, the idempotency key, and how each answer reads to the shopper.
 */
const SECRET = 'sk_test_forecourt';
let server: Server;
let url = '';
const seen: { path: string; form: URLSearchParams; key: string | undefined; auth: string | undefined }[] = [];
const intents = new Map<string, string>();

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(text);
      const key = request.headers['idempotency-key'] as string | undefined;
      seen.push({ path: request.url ?? '', form, key, auth: request.headers.authorization });
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${SECRET}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (request.url === '/v1/refunds') return send(200, { id: 're_1', status: 'succeeded' });
      const method = form.get('payment_method');
      if (method === 'pm_card_chargeDeclined') {
        return send(402, {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        });
      }
      if (method === 'pm_card_serverError')
        return send(500, { error: { type: 'api_error', message: 'boom' } });
      if (method === 'pm_card_slow') return; // never answers
      const id = (key && intents.get(key)) ?? `pi_${intents.size + 1}`;
      if (key) intents.set(key, id);
      return send(200, {
        id,
        object: 'payment_intent',
        status: 'succeeded',
        amount: Number(form.get('amount')),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const charge = (paymentMethod: string, idempotencyKey = `key-${Math.random()}`, secretKey = SECRET) =>
  stripePaymentProvider({ secretKey, apiUrl: url, timeoutMs: 300 }).charge({
    amountCents: 20_000,
    currency: 'aud',
    paymentMethod,
    idempotencyKey,
    description: 'Deposit',
  });

describe('the Stripe adapter', () => {
  it('confirms a payment intent with the amount, currency, payment method, secret key and idempotency key', async () => {
    const { chargeId } = await charge('pm_card_visa', 'reserve-abc');
    expect(chargeId).toMatch(/^pi_/);
    const call = seen.at(-1);
    expect(call?.path).toBe('/v1/payment_intents');
    expect(call?.key).toBe('reserve-abc');
    expect(call?.auth).toBe(`Bearer ${SECRET}`);
    expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
      amount: '20000',
      currency: 'aud',
      payment_method: 'pm_card_visa',
      confirm: 'true',
    });
    // The same key again: Stripe answers the same intent, nothing is charged twice.
    expect((await charge('pm_card_visa', 'reserve-abc')).chargeId).toBe(chargeId);
  });

  it('a card error is a decline in Stripe’s words; a 5xx, a timeout, a bad key or no server is unavailable', async () => {
    await expect(charge('pm_card_chargeDeclined')).rejects.toThrow(PaymentDeclinedError);
    await expect(charge('pm_card_chargeDeclined')).rejects.toThrow(
      /^Your card was declined\. You have not been charged/,
    );
    await expect(charge('pm_card_serverError')).rejects.toThrow(PaymentUnavailableError);
    await expect(charge('pm_card_slow')).rejects.toThrow(PaymentUnavailableError);
    await expect(charge('pm_card_visa', 'k', 'sk_wrong')).rejects.toThrow(PaymentUnavailableError);
    const nowhere = stripePaymentProvider({
      secretKey: SECRET,
      apiUrl: 'http://127.0.0.1:1',
      timeoutMs: 300,
    });
    await expect(
      nowhere.charge({
        amountCents: 1,
        currency: 'aud',
        paymentMethod: 'pm_card_visa',
        idempotencyKey: 'x',
        description: '',
      }),
    ).rejects.toThrow(PaymentUnavailableError);
  });

  it('never sends a local test token, or a card number, to Stripe; refunds name the payment intent', async () => {
    const before = seen.length;
    await expect(charge('local_tok_success')).rejects.toThrow(PaymentDeclinedError);
    await expect(charge('local_card_4242424242424242')).rejects.toThrow(PaymentDeclinedError);
    expect(seen.length).toBe(before);
    await stripePaymentProvider({ secretKey: SECRET, apiUrl: url }).refund('pi_1', 'refund-1');
    expect(seen.at(-1)?.path).toBe('/v1/refunds');
    expect(seen.at(-1)?.form.get('payment_intent')).toBe('pi_1');
  });

  it('is chosen by STRIPE_SECRET_KEY; without it the stripe processor is the local provider', () => {
    expect(paymentProvidersFromEnv({}).stripe?.name).toBe('local');
    expect(paymentProvidersFromEnv({ STRIPE_SECRET_KEY: SECRET, STRIPE_API_URL: url }).stripe?.name).toBe(
      'stripe',
    );
  });
});
