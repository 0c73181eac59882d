import { randomBytes, timingSafeEqual } from 'node:crypto';
import { localTokenOutcome } from '../../domain/local-card-token.ts';
import { RESERVE_MESSAGES } from '../../domain/reserve.ts';
import type { Executor } from '../store/db.ts';
import {
  type IntentStatus,
  PaymentDeclinedError,
  type PaymentIntent,
  type PaymentProvider,
  PaymentUnavailableError,
} from './provider.ts';

/**
 * The local demonstration provider (issue 34 items 1 and 6; decision 119): payment intents that behave
 * as Stripe's do — created authorise-only, confirmed by the browser, then captured or cancelled by the
 * server, every write keyed for idempotency — kept in the store (`local_payment_intents`, migration
 * 018), not in memory, so the sweep and the reconciliation after a crash look them up as they would
 * with Stripe, on PGlite and PostgreSQL alike. The browser's part (`domain/local-card-token.ts`) turns
 * a documented test card into a token naming its outcome; this side reads only that outcome and
 * never sees a card number. Of a card it keeps what Stripe would report: brand and last four.
 */

/** An intent id or client secret that does not match one intent: the confirm route's 404. */
export class LocalIntentNotFoundError extends Error {}
/** An intent past confirming (authorised, captured or cancelled already): the confirm route's 409. */
export class LocalIntentNotConfirmableError extends Error {}

/** The card every local success reports, as Stripe's `pm_card_visa` test method does. */
const SUCCESS_CARD = { brand: 'visa', last4: '4242' } as const;

/** Statuses a browser's confirmation may act on (Stripe's `confirm` accepts these). */
const CONFIRMABLE: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];
/** Statuses Stripe lets `cancel` act on. */
const CANCELABLE: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
];

interface IntentRow {
  id: string;
  client_secret: string;
  idempotency_key: string;
  status: IntentStatus;
  amount_cents: number;
  currency: string;
  account: string | null;
  metadata: { reservation?: string };
  last_failure: string | null;
  card_brand: string | null;
  card_last4: string | null;
  capture_key: string | null;
  cancel_key: string | null;
  refund_key: string | null;
  refunded_at: string | null;
}

const COLUMNS = `id, client_secret, idempotency_key, status, amount_cents, currency, account, metadata,
  last_failure, card_brand, card_last4, capture_key, cancel_key, refund_key, refunded_at`;

function toIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    status: row.status,
    amountCents: row.amount_cents,
    currency: row.currency,
    account: row.account,
    lastFailure: row.last_failure,
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    reservationId: row.metadata.reservation ?? null,
    refunded: row.refunded_at !== null,
  };
}

async function intentRow(db: Executor, id: string): Promise<IntentRow | null> {
  const { rows } = await db.query<IntentRow>(`SELECT ${COLUMNS} FROM local_payment_intents WHERE id = $1`, [
    id,
  ]);
  return rows[0] ?? null;
}

/** An intent on `account` (as Stripe, an intent on another account is not found), or Stripe's error. */
async function intentOn(db: Executor, id: string, account: string | null): Promise<IntentRow> {
  const row = await intentRow(db, id);
  if (!row || row.account !== account) throw new Error(`No such payment_intent: '${id}'`);
  return row;
}

/** Stripe's refusal of a call the intent's status does not allow. */
function unexpectedState(action: string, row: IntentRow, allowed: readonly IntentStatus[]): Error {
  return new Error(
    `This PaymentIntent could not be ${action} because it has a status of ${row.status}. ` +
      `Only a PaymentIntent with one of the following statuses may be ${action}: ${allowed.join(', ')}.`,
  );
}

/**
 * One status change, in one statement so two processes racing cannot both make it: the intent moves
 * from one of `from` to what `set` says, recording `key` in `keyColumn`. If it had already moved with
 * this same key (a resend), the intent is answered as it is; otherwise Stripe's refusal.
 */
async function transition(
  db: Executor,
  input: {
    id: string;
    account: string | null;
    key: string;
    keyColumn: 'capture_key' | 'cancel_key';
    from: readonly IntentStatus[];
    to: IntentStatus;
    action: string;
  },
): Promise<PaymentIntent> {
  await intentOn(db, input.id, input.account);
  const { rows } = await db.query<IntentRow>(
    `UPDATE local_payment_intents SET status = $2, ${input.keyColumn} = $3, updated_at = now()
     WHERE id = $1 AND status = ANY($4::text[]) RETURNING ${COLUMNS}`,
    [input.id, input.to, input.key, input.from],
  );
  if (rows[0]) return toIntent(rows[0]);
  const now = await intentOn(db, input.id, input.account);
  if (now[input.keyColumn] === input.key && now.status === input.to) return toIntent(now);
  throw unexpectedState(input.action, now, input.from);
}

/** `bytes` random bytes in hex, so no run of digits in it can look like a card number. */
const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

/** Whether two texts are equal, in time that does not depend on where they differ. */
function sameSecret(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The local provider over the store: the `stripe` processor's stand-in in the demo. */
export function localPaymentProvider(db: Executor): PaymentProvider {
  return {
    name: 'local',
    publishableKey: null,
    async createIntent(request) {
      const id = `pi_local_${randomHex(12)}`;
      const { rows } = await db.query<IntentRow>(
        `INSERT INTO local_payment_intents
           (id, client_secret, idempotency_key, status, amount_cents, currency, account, description,
            statement_descriptor, metadata)
         VALUES ($1, $2, $3, 'requires_payment_method', $4, $5, $6, $7, $8, $9::jsonb)
         ON CONFLICT (idempotency_key) DO NOTHING
         RETURNING ${COLUMNS}`,
        [
          id,
          `${id}_secret_${randomHex(16)}`,
          request.idempotencyKey,
          request.amountCents,
          request.currency,
          request.account,
          request.description,
          request.statementDescriptor,
          JSON.stringify(request.metadata),
        ],
      );
      if (rows[0]) return toIntent(rows[0]);
      const { rows: earlier } = await db.query<IntentRow>(
        `SELECT ${COLUMNS} FROM local_payment_intents WHERE idempotency_key = $1`,
        [request.idempotencyKey],
      );
      const found = earlier[0];
      if (!found) throw new Error('local payment intent vanished after its create');
      if (
        found.amount_cents !== request.amountCents ||
        found.currency !== request.currency ||
        found.account !== request.account
      ) {
        // Stripe's idempotency error: a key names one request, not one intent of any shape.
        throw new Error(
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return toIntent(found);
    },
    async retrieveIntent(intentId, account) {
      return toIntent(await intentOn(db, intentId, account));
    },
    capture(intentId, account, idempotencyKey) {
      return transition(db, {
        id: intentId,
        account,
        key: idempotencyKey,
        keyColumn: 'capture_key',
        from: ['requires_capture'],
        to: 'succeeded',
        action: 'captured',
      });
    },
    cancel(intentId, account, idempotencyKey) {
      return transition(db, {
        id: intentId,
        account,
        key: idempotencyKey,
        keyColumn: 'cancel_key',
        from: CANCELABLE,
        to: 'canceled',
        action: 'canceled',
      });
    },
    async refund(intentId, account, idempotencyKey) {
      const row = await intentOn(db, intentId, account);
      const { rows } = await db.query<{ id: string }>(
        `UPDATE local_payment_intents SET refunded_at = now(), refund_key = $2, updated_at = now()
         WHERE id = $1 AND status = 'succeeded' AND refunded_at IS NULL RETURNING id`,
        [intentId, idempotencyKey],
      );
      if (rows[0]) return;
      const now = (await intentRow(db, intentId)) ?? row;
      if (now.refunded_at !== null && now.refund_key === idempotencyKey) return;
      if (now.refunded_at !== null) throw new Error(`Charge for ${intentId} has already been refunded.`);
      throw new Error(
        `This PaymentIntent (${intentId}) does not have a successful charge to refund: its status is ${now.status}.`,
      );
    },
  };
}

/**
 * The local confirmation (what Stripe.js's `confirmPayment` is for Stripe; `localConfirmEndpoint`):
 * the browser sends the intent's client secret and the token its payment component made of a test
 * card. Success authorises the intent (`requires_capture`, a Visa ending 4242); the declined and
 * insufficient-funds cards leave it waiting for another card with the refusal recorded, and throw
 * {@link PaymentDeclinedError} with the shopper's message; the network-failure card throws
 * {@link PaymentUnavailableError} and changes nothing; any other token is declined with the
 * demonstration's note, changing nothing. A wrong id or client secret is
 * {@link LocalIntentNotFoundError}; an intent past confirming is {@link LocalIntentNotConfirmableError}.
 */
export async function confirmLocalIntent(
  db: Executor,
  intentId: string,
  clientSecret: string,
  token: string,
): Promise<PaymentIntent> {
  const row = await intentRow(db, intentId);
  if (!row || !sameSecret(clientSecret, row.client_secret)) {
    throw new LocalIntentNotFoundError(`No such payment_intent: '${intentId}'`);
  }
  if (!CONFIRMABLE.includes(row.status)) {
    throw new LocalIntentNotConfirmableError(`This PaymentIntent has a status of ${row.status}.`);
  }
  const outcome = localTokenOutcome(token);
  if (outcome === null) throw new PaymentDeclinedError(RESERVE_MESSAGES.notATestCard);
  if (outcome === 'networkFailure') throw new PaymentUnavailableError('local test card: network failure');
  if (outcome === 'success') {
    const { rows } = await db.query<IntentRow>(
      `UPDATE local_payment_intents
       SET status = 'requires_capture', card_brand = $2, card_last4 = $3, last_failure = NULL, updated_at = now()
       WHERE id = $1 AND status = ANY($4::text[]) RETURNING ${COLUMNS}`,
      [intentId, SUCCESS_CARD.brand, SUCCESS_CARD.last4, CONFIRMABLE],
    );
    if (!rows[0]) throw new LocalIntentNotConfirmableError('This PaymentIntent was confirmed meanwhile.');
    return toIntent(rows[0]);
  }
  const failure = outcome === 'declined' ? RESERVE_MESSAGES.declined : RESERVE_MESSAGES.insufficientFunds;
  const { rows } = await db.query<{ id: string }>(
    `UPDATE local_payment_intents
     SET status = 'requires_payment_method', last_failure = $2, card_brand = NULL, card_last4 = NULL, updated_at = now()
     WHERE id = $1 AND status = ANY($3::text[]) RETURNING id`,
    [intentId, failure, CONFIRMABLE],
  );
  if (!rows[0]) throw new LocalIntentNotConfirmableError('This PaymentIntent was confirmed meanwhile.');
  throw new PaymentDeclinedError(failure);
}
