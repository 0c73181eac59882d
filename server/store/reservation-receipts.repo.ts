import type { ReserveCustomer } from '../../domain/reserve.ts';
import type { Executor } from './db.ts';

/**
 * What a receipt tells the shopper: the hold started, ran out without a sale, was released early by
 * the dealer (the console, migration 024), or the sale was confirmed.
 */
export type ReceiptKind = 'held' | 'released' | 'released_by_dealer' | 'confirmed';

/** A receipt due to be emailed, with the facts of its reservation (migration 017). */
export interface DueReceipt {
  id: number;
  kind: ReceiptKind;
  attempts: number;
  /** The site's address the shopper reserved at; null for a hold made before receipts existed. */
  origin: string | null;
  reservation_id: string;
  site_id: number;
  dealership_id: number;
  car_id: number;
  amount_cents: number;
  currency: string;
  charge_id: string | null;
  customer: ReserveCustomer;
  held_until: string | null;
}

/**
 * Stores the receipts `kind` owes the shopper of each reservation, in the caller's transaction (the
 * one that holds, releases or sells), so the change and its email are written together or not at
 * all. A receipt stored before for the same reservation and kind is kept as it is. `origin` names the
 * site's address for the links; left out, a receipt takes the one its hold was stored with.
 */
export async function storeReceipts(
  tx: Executor,
  reservationIds: readonly string[],
  kind: ReceiptKind,
  origin: string | null = null,
): Promise<void> {
  if (reservationIds.length === 0) return;
  await tx.query(
    `INSERT INTO reservation_receipts (reservation_id, kind, origin)
     SELECT id, $2::text, COALESCE($3::text, (SELECT h.origin FROM reservation_receipts h
                                   WHERE h.reservation_id = ids.id AND h.kind = 'held'))
       FROM unnest($1::uuid[]) AS ids(id)
     ON CONFLICT (reservation_id, kind) DO NOTHING`,
    [reservationIds, kind, origin],
  );
}

/**
 * Claims up to `limit` receipts due at `now`, leased until `leaseUntil` (two senders never take the
 * same one; a crash mid-send frees it when the lease ends), oldest first, with their reservations.
 */
export async function claimReceipts(
  db: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<DueReceipt[]> {
  const { rows } = await db.query<DueReceipt>(
    `WITH due AS (
       SELECT id FROM reservation_receipts
        WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= $1
        ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     UPDATE reservation_receipts rr SET next_attempt_at = $3
       FROM due, reservations r
      WHERE rr.id = due.id AND r.id = rr.reservation_id
     RETURNING rr.id::int AS id, rr.kind, rr.attempts, rr.origin, r.id AS reservation_id, r.site_id,
               r.dealership_id, r.car_id, r.amount_cents, r.currency, r.charge_id, r.customer, r.held_until`,
    [now.toISOString(), limit, leaseUntil.toISOString()],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** Records a receipt sent: it is never sent again. */
export async function markReceiptSent(db: Executor, id: number, at: Date): Promise<void> {
  await db.query(
    'UPDATE reservation_receipts SET sent_at = $2, attempts = attempts + 1, last_error = NULL WHERE id = $1',
    [id, at.toISOString()],
  );
}

/** Records a failed try: its count, its error and when the next one is due. */
export async function retryReceipt(
  db: Executor,
  id: number,
  failure: { attempts: number; error: string; retryAt: Date },
): Promise<void> {
  await db.query(
    'UPDATE reservation_receipts SET attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $1',
    [id, failure.attempts, failure.retryAt.toISOString(), failure.error],
  );
}

/** Records a receipt given up after its last try: it is never claimed again. */
export async function giveUpReceipt(
  db: Executor,
  id: number,
  failure: { attempts: number; error: string },
  at: Date,
): Promise<void> {
  await db.query(
    'UPDATE reservation_receipts SET attempts = $2, last_error = $3, given_up_at = $4 WHERE id = $1',
    [id, failure.attempts, failure.error, at.toISOString()],
  );
}
