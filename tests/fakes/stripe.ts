import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../server/payments/stripe.ts';

/**
 * A local fake of Stripe's HTTP API (issue 34 item 6; decision 119), good enough for the real `stripe`
 * SDK pointed at it (`STRIPE_API_URL`): PaymentIntents created, confirmed with Stripe's test payment
 * methods, captured, cancelled and refunded as Stripe's documentation describes them; idempotency keys
 * replayed per account; connected accounts kept per intent (`Stripe-Account`); the events Stripe would
 * send, signed with the SDK's own test-header helper; and the faults a test arms — an answer lost after
 * the write, a 5xx, a hang, a rate limit, a webhook that arrives before the answer, duplicated or
 * out of order. It models what the reservation flow uses, not all of Stripe: only
 * `latest_charge` expands, amounts are not checked against a currency's minimum.
 */

/** A fault the next matching request meets. */
export type StripeFault =
  /** The write is made (and its idempotent answer kept), then the request is never answered. */
  | 'timeoutAfterWrite'
  /** 500 `api_error`, nothing written. */
  | 'serverError'
  /** 429 `rate_limit`, nothing written. */
  | 'rateLimited'
  /** Never answered, nothing written. */
  | 'hang'
  /** 402 `card_error` (`card_declined`), as Stripe answers a refused server-side confirmation; nothing written. */
  | 'cardDeclined';

/** Where and how webhooks are posted. */
export interface WebhookTarget {
  url: string;
  /** The endpoint's signing secret (`whsec_…`). */
  secret: string;
}

/** A Stripe event as posted to a webhook endpoint. */
export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Record<string, unknown> };
  /** The connected account it happened on (Connect); absent for the platform's own. */
  account?: string;
}

/** What a webhook endpoint answered. */
export interface WebhookDelivery {
  event: FakeEvent;
  status: number;
  body: string;
}

/** One request as the fake received it, for assertions on headers and parameters. */
export interface SeenRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  account: string | null;
  stripeVersion: string | null;
  authorization: string | null;
}

/** An intent as a test reads it back. */
export interface FakeIntentView {
  id: string;
  status: string;
  amount: number;
  currency: string;
  captureMethod: string;
  account: string | null;
  metadata: Record<string, string>;
  description: string | null;
  statementDescriptorSuffix: string | null;
  /** The idempotency key it was created with. */
  idempotencyKey: string | null;
  amountCapturable: number;
  amountReceived: number;
  /** What any of its charges had refunded (a release on cancel included). */
  amountRefunded: number;
  card: { brand: string; last4: string } | null;
  lastPaymentError: string | null;
}

type Json = Record<string, unknown>;

interface Intent extends Json {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: string;
  capture_method: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  statement_descriptor_suffix: string | null;
  last_payment_error: Json | null;
  latest_charge: string | null;
  payment_method: string | null;
  next_action: Json | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
}

interface Charge extends Json {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  currency: string;
  status: 'succeeded' | 'failed';
  payment_intent: string;
  payment_method_details: {
    type: 'card';
    card: {
      brand: string;
      last4: string;
      exp_month: number;
      exp_year: number;
      funding: string;
      country: string;
    };
  };
  failure_code: string | null;
  failure_message: string | null;
  disputed: boolean;
}

interface Stored<T> {
  object: T;
  account: string | null;
}

/** Stripe's test payment methods the fake knows (docs.stripe.com/testing). */
const CARDS: Record<
  string,
  { brand: string; last4: string; decline?: { code: string; message: string }; action?: true }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    decline: { code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', action: true },
};

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELABLE = [...CONFIRMABLE, 'processing', 'requires_capture'];

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** A form body or query string as Stripe's SDK encodes it (`a[b]=c`, `expand[0]=x`) into an object. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = name.split('[').map((part) => part.replace(/]$/, ''));
    let node = root;
    let key = head;
    for (const part of rest) {
      const child = node[key];
      node[key] = typeof child === 'object' && child !== null ? child : {};
      node = node[key] as Record<string, unknown>;
      key = part;
    }
    node[key] = value;
  }
  return root;
}

/** `expand[0]=latest_charge`: whether a request asks for the charge in full. */
const expandsCharge = (params: Record<string, unknown>) => {
  const expand = params.expand;
  return typeof expand === 'object' && expand !== null && Object.values(expand).includes('latest_charge');
};

class FakeError {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {}
}
const invalid = (message: string, extra: Json = {}, status = 400) =>
  new FakeError(status, { error: { type: 'invalid_request_error', message, ...extra } });
const missing = (kind: string, id: string) =>
  invalid(`No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' }, 404);

/** The fake, started: its address, its view of the intents, and the switches a test pulls. */
export interface FakeStripe {
  /** `http://127.0.0.1:<port>`: the provider's `apiUrl` (`STRIPE_API_URL`). */
  url: string;
  secretKey: string;
  publishableKey: string;
  /** Every request received, oldest first. */
  requests: SeenRequest[];
  /** Every intent, oldest first. */
  intents(): FakeIntentView[];
  intent(id: string): FakeIntentView | null;
  /**
   * The shopper's side (what Stripe.js does): confirms an intent with a test payment method —
   * `pm_card_visa` authorises (manual capture: `requires_capture`), `pm_card_chargeDeclined` and
   * `pm_card_chargeDeclinedInsufficientFunds` are refused (back to `requires_payment_method` with
   * `last_payment_error`), `pm_card_authenticationRequired` waits for 3-D Secure (`requires_action`).
   * Resolves with Stripe's status and body.
   */
  confirm(intentId: string, paymentMethod: string): Promise<{ status: number; body: Json }>;
  /** The shopper finished (or failed) 3-D Secure on an intent waiting for it. */
  completeAction(intentId: string, succeeded: boolean): Promise<void>;
  /** The shopper's bank opens a dispute on the intent's charge (`charge.dispute.created`). */
  dispute(intentId: string): Promise<void>;
  /**
   * Arms a fault for the next `times` requests (1 by default) whose path (no query) equals `path` or
   * matches it, any method.
   */
  failNext(path: string | RegExp, fault: StripeFault, options?: { times?: number }): void;
  /** The events Stripe would have sent, oldest first; of one intent when named. */
  events(intentId?: string): FakeEvent[];
  /**
   * Builds an event of `type` about the intent as it is now (the intent itself for `payment_intent.*`,
   * its charge for `charge.*`, its dispute for `charge.dispute.*`), signs it and posts it; twice with
   * `duplicate` (the same event id, as Stripe's redeliveries).
   */
  webhook(
    type: string,
    intentId: string,
    target: WebhookTarget & { duplicate?: boolean },
  ): Promise<WebhookDelivery[]>;
  /** Posts recorded events in the order given (reverse them for out of order), each signed now. */
  deliver(events: readonly FakeEvent[], target: WebhookTarget): Promise<WebhookDelivery[]>;
  /**
   * From now on (null: no more), each event is posted to `target` as it happens and before the API
   * call that caused it is answered: the webhook arrives before the answer.
   */
  sendWebhooksTo(target: WebhookTarget | null): void;
  stop(): Promise<void>;
}

/** Starts the fake on 127.0.0.1 at a free port. */
export async function startFakeStripe(
  options: { secretKey?: string; publishableKey?: string } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_forecourt_fake';
  const publishableKey = options.publishableKey ?? 'pk_test_forecourt_fake';
  const intents = new Map<string, Stored<Intent>>();
  const charges = new Map<string, Stored<Charge>>();
  const disputes = new Map<string, Json>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  const events: FakeEvent[] = [];
  const requests: SeenRequest[] = [];
  const faults: { path: string | RegExp; fault: StripeFault; remaining: number }[] = [];
  const hanging = new Set<ServerResponse>();
  let autoTarget: WebhookTarget | null = null;
  let pendingAuto: FakeEvent[] = [];
  /** The idempotency key each intent was created with. */
  const creators = new Map<string, string | null>();
  /** The card an intent waiting for 3-D Secure was confirmed with. */
  const awaitingAction = new Map<string, (typeof CARDS)[string]>();

  const chargeOf = (intent: Intent) =>
    intent.latest_charge ? (charges.get(intent.latest_charge)?.object ?? null) : null;
  const rendered = (stored: Stored<Intent>, expand: boolean): Json =>
    expand ? { ...stored.object, latest_charge: chargeOf(stored.object) } : { ...stored.object };

  /** An event as Stripe sends it: of `object` as it is now, on `account`, caused by `request` or none. */
  const eventOf = (
    type: string,
    object: Json,
    account: string | null,
    request: SeenRequest | null,
  ): FakeEvent => ({
    id: randomId('evt'),
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: now(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: request ? randomId('req') : null, idempotency_key: request?.idempotencyKey ?? null },
    data: { object: structuredClone(object) },
    ...(account ? { account } : {}),
  });

  const record = (type: string, object: Json, account: string | null, request: SeenRequest | null) => {
    const event = eventOf(type, object, account, request);
    events.push(event);
    if (autoTarget) pendingAuto.push(event);
  };

  const post = async (event: FakeEvent, target: WebhookTarget): Promise<WebhookDelivery> => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: target.secret });
    const response = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { event, status: response.status, body: await response.text() };
  };

  const intentFor = (id: string, account: string | null): Stored<Intent> => {
    const stored = intents.get(id);
    if (!stored || stored.account !== account) throw missing('payment_intent', id);
    return stored;
  };

  const unexpected = (intent: Intent, action: string, allowed: string[]) =>
    invalid(
      `This PaymentIntent's ${action} could not be performed because it has a status of ${intent.status}. ` +
        `Only a PaymentIntent with one of the following statuses may be ${action}: ${allowed.join(', ')}.`,
      { code: 'payment_intent_unexpected_state', payment_intent: { ...intent } },
    );

  const create = (params: Json, seen: SeenRequest): Json => {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0)
      throw invalid('Invalid positive integer', { param: 'amount' });
    if (typeof params.currency !== 'string')
      throw invalid('Missing required param: currency.', { param: 'currency' });
    const suffix =
      typeof params.statement_descriptor_suffix === 'string' ? params.statement_descriptor_suffix : null;
    if (suffix !== null && suffix.length > 22) {
      throw invalid('The statement descriptor suffix must be at most 22 characters.', {
        param: 'statement_descriptor_suffix',
      });
    }
    const id = randomId('pi');
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: params.currency.toLowerCase(),
      status: 'requires_payment_method',
      capture_method: params.capture_method === 'manual' ? 'manual' : 'automatic_async',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      automatic_payment_methods:
        typeof params.automatic_payment_methods === 'object' ? { enabled: true } : null,
      created: now(),
      description: typeof params.description === 'string' ? params.description : null,
      metadata: (typeof params.metadata === 'object' && params.metadata !== null
        ? params.metadata
        : {}) as Record<string, string>,
      statement_descriptor_suffix: suffix,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      payment_method: null,
      next_action: null,
      canceled_at: null,
      cancellation_reason: null,
    };
    const stored = { object: intent, account: seen.account };
    intents.set(id, stored);
    creators.set(id, seen.idempotencyKey);
    record('payment_intent.created', intent, seen.account, seen);
    return rendered(stored, expandsCharge(params));
  };

  const confirmIntent = (
    stored: Stored<Intent>,
    paymentMethod: unknown,
    seen: SeenRequest | null,
  ): FakeError | null => {
    const intent = stored.object;
    if (!CONFIRMABLE.includes(intent.status)) return unexpected(intent, 'confirm', CONFIRMABLE);
    const card = typeof paymentMethod === 'string' ? CARDS[paymentMethod] : undefined;
    if (!card || typeof paymentMethod !== 'string') {
      return invalid(`No such PaymentMethod: '${String(paymentMethod)}'`, { code: 'resource_missing' });
    }
    intent.payment_method = randomId('pm');
    if (card.action) {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      awaitingAction.set(intent.id, card);
      record('payment_intent.requires_action', intent, stored.account, seen);
      return null;
    }
    const charge = chargeFor(stored, card);
    if (card.decline) {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: card.decline.code,
        message: card.decline.message,
        charge: charge.id,
      };
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = error;
      record('charge.failed', charge, stored.account, seen);
      record('payment_intent.payment_failed', intent, stored.account, seen);
      return new FakeError(402, { error: { ...error, payment_intent: { ...intent } } });
    }
    authorise(stored, charge, seen);
    return null;
  };

  /** A new charge of the intent by `card`, its latest. */
  const chargeFor = (stored: Stored<Intent>, card: (typeof CARDS)[string]): Charge => {
    const intent = stored.object;
    const charge: Charge = {
      id: randomId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      currency: intent.currency,
      status: card.decline ? 'failed' : 'succeeded',
      payment_intent: intent.id,
      payment_method_details: {
        type: 'card',
        card: {
          brand: card.brand,
          last4: card.last4,
          exp_month: 12,
          exp_year: 2034,
          funding: 'credit',
          country: 'AU',
        },
      },
      failure_code: card.decline ? 'card_declined' : null,
      failure_message: card.decline?.message ?? null,
      disputed: false,
    };
    charges.set(charge.id, { object: charge, account: stored.account });
    intent.latest_charge = charge.id;
    return charge;
  };

  const authorise = (stored: Stored<Intent>, charge: Charge, seen: SeenRequest | null) => {
    const intent = stored.object;
    intent.last_payment_error = null;
    intent.next_action = null;
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
      record('charge.succeeded', charge, stored.account, seen);
      record('payment_intent.amount_capturable_updated', intent, stored.account, seen);
    } else {
      captureCharge(stored, charge, seen);
    }
  };

  const captureCharge = (stored: Stored<Intent>, charge: Charge, seen: SeenRequest | null) => {
    const intent = stored.object;
    intent.status = 'succeeded';
    intent.amount_capturable = 0;
    intent.amount_received = intent.amount;
    charge.captured = true;
    charge.amount_captured = charge.amount;
    record('charge.captured', charge, stored.account, seen);
    record('payment_intent.succeeded', intent, stored.account, seen);
  };

  /** One API call: the answer's status and body, or a FakeError thrown. */
  const route = (method: string, path: string, params: Json, seen: SeenRequest): Json => {
    if (method === 'POST' && path === '/v1/payment_intents') return create(params, seen);
    if (method === 'POST' && path === '/v1/refunds') {
      const intentId = typeof params.payment_intent === 'string' ? params.payment_intent : '';
      const stored = intentFor(intentId, seen.account);
      const charge = chargeOf(stored.object);
      if (!charge?.captured) {
        throw invalid(`PaymentIntent ${intentId} does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
        });
      }
      if (charge.refunded) {
        throw invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
      }
      charge.amount_refunded = charge.amount;
      charge.refunded = true;
      const refund = {
        id: randomId('re'),
        object: 'refund',
        amount: charge.amount,
        charge: charge.id,
        payment_intent: intentId,
        currency: charge.currency,
        status: 'succeeded',
        created: now(),
      };
      record('refund.created', refund, stored.account, seen);
      record('charge.refunded', charge, stored.account, seen);
      return refund;
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|capture|cancel))?$/.exec(path);
    if (!match?.[1]) throw invalid(`Unrecognized request URL (${method}: ${path}).`, {}, 404);
    const stored = intentFor(match[1], seen.account);
    const intent = stored.object;
    const action = match[2];
    if (method === 'GET' && !action) return rendered(stored, expandsCharge(params));
    if (method !== 'POST' || !action)
      throw invalid(`Unrecognized request URL (${method}: ${path}).`, {}, 404);
    if (action === 'confirm') {
      const refused = confirmIntent(stored, params.payment_method, seen);
      if (refused) throw refused;
    } else if (action === 'capture') {
      const charge = chargeOf(intent);
      if (intent.status !== 'requires_capture' || !charge)
        throw unexpected(intent, 'capture', ['requires_capture']);
      captureCharge(stored, charge, seen);
    } else {
      if (!CANCELABLE.includes(intent.status)) throw unexpected(intent, 'cancel', CANCELABLE);
      const charge = chargeOf(intent);
      const wasAuthorised = intent.status === 'requires_capture';
      intent.status = 'canceled';
      intent.canceled_at = now();
      intent.cancellation_reason =
        typeof params.cancellation_reason === 'string' ? params.cancellation_reason : null;
      intent.amount_capturable = 0;
      // Stripe: cancelling an authorised intent refunds (releases) the uncaptured amount.
      if (wasAuthorised && charge) {
        charge.amount_refunded = charge.amount;
        charge.refunded = true;
        record('charge.refunded', charge, stored.account, seen);
      }
      record('payment_intent.canceled', intent, stored.account, seen);
    }
    return rendered(stored, expandsCharge(params));
  };

  const send = (response: ServerResponse, status: number, body: Json, replayed = false) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': randomId('req'),
      'stripe-version': STRIPE_API_VERSION,
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(body));
  };

  const flushWebhooks = async () => {
    const target = autoTarget;
    const due = pendingAuto;
    pendingAuto = [];
    if (!target) return;
    for (const event of due) await post(event, target);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse, text: string) => {
    const url = new URL(request.url ?? '/', 'http://fake.stripe');
    const method = request.method ?? 'GET';
    const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : text);
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const seen: SeenRequest = {
      method,
      path: url.pathname,
      params,
      idempotencyKey: header('idempotency-key'),
      account: header('stripe-account'),
      stripeVersion: header('stripe-version'),
      authorization: header('authorization'),
    };
    requests.push(seen);
    const publishable =
      seen.authorization === `Bearer ${publishableKey}` &&
      /^\/v1\/payment_intents\/[^/]+(\/confirm)?$/.test(url.pathname) &&
      typeof params.client_secret === 'string' &&
      intents.get(url.pathname.split('/')[3] ?? '')?.object.client_secret === params.client_secret;
    if (seen.authorization !== `Bearer ${secretKey}` && !publishable) {
      return send(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_****' },
      });
    }
    const armed = faults.find((entry) =>
      typeof entry.path === 'string' ? entry.path === url.pathname : entry.path.test(url.pathname),
    );
    const fault = armed?.fault ?? null;
    if (armed) {
      armed.remaining -= 1;
      if (armed.remaining <= 0) faults.splice(faults.indexOf(armed), 1);
    }
    if (fault === 'hang') {
      hanging.add(response);
      return;
    }
    if (fault === 'serverError')
      return send(response, 500, {
        error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' },
      });
    if (fault === 'cardDeclined') {
      return send(response, 402, {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      });
    }
    if (fault === 'rateLimited') {
      return send(response, 429, {
        error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests.' },
      });
    }
    const key =
      method === 'POST' && seen.idempotencyKey ? `${seen.account ?? ''}|${seen.idempotencyKey}` : null;
    const fingerprint = `${method} ${url.pathname} ${text}`;
    const earlier = key ? idempotent.get(key) : undefined;
    let status = 200;
    let body: Json;
    let replayed = false;
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        status = 400;
        body = {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${seen.idempotencyKey}' if you meant to execute a different request.`,
          },
        };
      } else {
        ({ status, body } = earlier);
        replayed = true;
      }
    } else {
      try {
        body = route(method, url.pathname, params, seen);
      } catch (error) {
        if (!(error instanceof FakeError)) throw error;
        ({ status, body } = error);
      }
      if (key) idempotent.set(key, { fingerprint, status, body });
    }
    await flushWebhooks();
    if (fault === 'timeoutAfterWrite') {
      hanging.add(response);
      return;
    }
    send(response, status, body, replayed);
  };

  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => {
      handle(request, response, text).catch((error: unknown) => {
        send(response, 500, { error: { type: 'api_error', message: `fake: ${String(error)}` } });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const view = (stored: Stored<Intent>): FakeIntentView => {
    const intent = stored.object;
    const charge = chargeOf(intent);
    return {
      id: intent.id,
      status: intent.status,
      amount: intent.amount,
      currency: intent.currency,
      captureMethod: intent.capture_method,
      account: stored.account,
      metadata: { ...intent.metadata },
      description: intent.description,
      statementDescriptorSuffix: intent.statement_descriptor_suffix,
      idempotencyKey: creators.get(intent.id) ?? null,
      amountCapturable: intent.amount_capturable,
      amountReceived: intent.amount_received,
      amountRefunded: charge?.amount_refunded ?? 0,
      card:
        charge && charge.status === 'succeeded'
          ? {
              brand: charge.payment_method_details.card.brand,
              last4: charge.payment_method_details.card.last4,
            }
          : null,
      lastPaymentError:
        typeof intent.last_payment_error?.message === 'string' ? intent.last_payment_error.message : null,
    };
  };

  const objectFor = (type: string, stored: Stored<Intent>): Json => {
    if (type.startsWith('payment_intent.')) return stored.object;
    const charge = chargeOf(stored.object);
    if (!charge) throw new Error(`fake stripe: ${stored.object.id} has no charge for a ${type} event`);
    if (type.startsWith('charge.dispute.')) {
      return disputes.get(charge.id) ?? disputeOf(stored, charge);
    }
    return charge;
  };
  const disputeOf = (stored: Stored<Intent>, charge: Charge): Json => {
    const dispute = {
      id: randomId('dp'),
      object: 'dispute',
      amount: charge.amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: stored.object.id,
      reason: 'fraudulent',
      status: 'needs_response',
      created: now(),
    };
    charge.disputed = true;
    disputes.set(charge.id, dispute);
    return dispute;
  };
  const storedIntent = (id: string) => {
    const stored = intents.get(id);
    if (!stored) throw new Error(`fake stripe: no intent ${id}`);
    return stored;
  };

  return {
    url,
    secretKey,
    publishableKey,
    requests,
    intents: () => [...intents.values()].map(view),
    intent: (id) => {
      const stored = intents.get(id);
      return stored ? view(stored) : null;
    },
    async confirm(intentId, paymentMethod) {
      const stored = storedIntent(intentId);
      const refused = confirmIntent(stored, paymentMethod, null);
      await flushWebhooks();
      return refused
        ? { status: refused.status, body: refused.body }
        : { status: 200, body: rendered(stored, false) };
    },
    async completeAction(intentId, succeeded) {
      const stored = storedIntent(intentId);
      if (stored.object.status !== 'requires_action')
        throw new Error(`fake stripe: ${intentId} awaits no action`);
      const card = awaitingAction.get(intentId) ?? CARDS.pm_card_visa;
      awaitingAction.delete(intentId);
      if (succeeded && card) {
        authorise(stored, chargeFor(stored, card), null);
      } else {
        Object.assign(stored.object, {
          status: 'requires_payment_method',
          next_action: null,
          last_payment_error: {
            type: 'card_error',
            code: 'payment_intent_authentication_failure',
            message:
              'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          },
        });
        record('payment_intent.payment_failed', stored.object, stored.account, null);
      }
      await flushWebhooks();
    },
    async dispute(intentId) {
      const stored = storedIntent(intentId);
      const charge = chargeOf(stored.object);
      if (!charge?.captured) throw new Error(`fake stripe: ${intentId} has no captured charge to dispute`);
      record('charge.dispute.created', disputeOf(stored, charge), stored.account, null);
      await flushWebhooks();
    },
    failNext(path, fault, { times = 1 } = {}) {
      faults.push({ path, fault, remaining: times });
    },
    events: (intentId) =>
      intentId
        ? events.filter((event) => {
            const object = event.data.object;
            return object.id === intentId || object.payment_intent === intentId;
          })
        : [...events],
    async webhook(type, intentId, target) {
      const stored = storedIntent(intentId);
      const event = eventOf(type, objectFor(type, stored), stored.account, null);
      const deliveries = [await post(event, target)];
      if (target.duplicate) deliveries.push(await post(event, target));
      return deliveries;
    },
    async deliver(list, target) {
      const deliveries: WebhookDelivery[] = [];
      for (const event of list) deliveries.push(await post(event, target));
      return deliveries;
    },
    sendWebhooksTo(target) {
      autoTarget = target;
      pendingAuto = [];
    },
    async stop() {
      for (const response of hanging) response.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
