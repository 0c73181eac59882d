import type { PaymentState } from '../../domain/reserve.ts';
import type { Executor } from './db.ts';

/** What the processor is asked to do with a reservation's intent. */
export type PaymentActionKind = 'capture' | 'cancel' | 'refund';

/** A payment action due to be sent (migration 019). */
export interface DuePaymentAction {
  id: number;
  reservation_id: string;
  processor: string;
  account: string | null;
  intent_id: string;
  action: PaymentActionKind;
  attempts: number;
}

/** The payment state each action leaves once the processor agreed. */
const DONE_STATE: Record<PaymentActionKind, PaymentState> = {
  capture: 'captured',
  cancel: 'cancelled',
  refund: 'refunded',
};

/**
 * Queues `action` for each reservation that has an intent, in the caller's transaction (the one that
 * confirms, releases or ends the claim), so the change and what it owes the processor are written
 * together or not at all. One of each action per reservation: queued again, it is kept as it is.
 */
export async function queuePaymentActions(
  tx: Executor,
  reservations: readonly {
    id: string;
    processor: string;
    stripe_account: string | null;
    charge_id: string | null;
  }[],
  action: PaymentActionKind,
): Promise<void> {
  const withIntent = reservations.filter((r) => r.charge_id !== null);
  if (withIntent.length === 0) return;
  await tx.query(
    `INSERT INTO payment_actions (reservation_id, processor, account, intent_id, action)
     SELECT r.id, r.processor, r.account, r.intent_id, $5::text
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS r(id, processor, account, intent_id)
     ON CONFLICT (reservation_id, action) DO NOTHING`,
    [
      withIntent.map((r) => r.id),
      withIntent.map((r) => r.processor),
      withIntent.map((r) => r.stripe_account),
      withIntent.map((r) => r.charge_id),
      action,
    ],
  );
}

/**
 * Claims up to `limit` actions due at `now`, leased until `leaseUntil` (two senders never take the
 * same one; a crash mid-send frees it when the lease ends), oldest first.
 */
export async function claimPaymentActions(
  db: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<DuePaymentAction[]> {
  const { rows } = await db.query<DuePaymentAction>(
    `WITH due AS (
       SELECT id FROM payment_actions
        WHERE done_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= $1
        ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     UPDATE payment_actions pa SET next_attempt_at = $3 FROM due WHERE pa.id = due.id
     RETURNING pa.id::int AS id, pa.reservation_id::text AS reservation_id, pa.processor, pa.account,
               pa.intent_id, pa.action, pa.attempts`,
    [now.toISOString(), limit, leaseUntil.toISOString()],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Records an action done, and the reservation's payment with it: `captured`, `refunded`, or
 * `cancelled` (a claim whose intent was never authorised stays `failed`).
 */
export async function markPaymentActionDone(db: Executor, item: DuePaymentAction, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      'UPDATE payment_actions SET done_at = $2, attempts = attempts + 1, last_error = NULL WHERE id = $1',
      [item.id, at.toISOString()],
    );
    await tx.query(
      `UPDATE reservations SET payment_state = $2, updated_at = now()
        WHERE id = $1::uuid AND NOT (payment_state = 'failed' AND $2 = 'cancelled')
          AND payment_state NOT IN ('refunded', 'disputed')`,
      [item.reservation_id, DONE_STATE[item.action]],
    );
  });
}

/** Records a failed try: its count, its error and when the next one is due. */
export async function retryPaymentAction(
  db: Executor,
  id: number,
  failure: { attempts: number; error: string; retryAt: Date },
): Promise<void> {
  await db.query(
    'UPDATE payment_actions SET attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $1',
    [id, failure.attempts, failure.retryAt.toISOString(), failure.error],
  );
}

/**
 * Records an action given up after its last try (never claimed again) and the reservation's payment
 * `needs_attention`: an operator settles it with the processor by hand.
 */
export async function giveUpPaymentAction(
  db: Executor,
  item: DuePaymentAction,
  failure: { attempts: number; error: string },
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      'UPDATE payment_actions SET attempts = $2, last_error = $3, given_up_at = $4 WHERE id = $1',
      [item.id, failure.attempts, failure.error, at.toISOString()],
    );
    await tx.query(
      `UPDATE reservations SET payment_state = 'needs_attention', updated_at = now() WHERE id = $1::uuid`,
      [item.reservation_id],
    );
  });
}

/**
 * Records a processor's event by its id; false when it was recorded before (a webhook delivered
 * again), which is then acknowledged and ignored.
 */
export async function recordPaymentEvent(
  db: Executor,
  event: { id: string; type: string; intentId: string | null },
): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO payment_events (id, type, intent_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id',
    [event.id, event.type, event.intentId],
  );
  return rows.length > 0;
}

/** Forgets an event recorded but not handled (its handling failed), so the processor's retry is handled. */
export async function forgetPaymentEvent(db: Executor, id: string): Promise<void> {
  await db.query('DELETE FROM payment_events WHERE id = $1', [id]);
}
