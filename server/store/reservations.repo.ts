import { randomUUID } from 'node:crypto';
import type { Car } from '../../domain/car.ts';
import type { PaymentState, Purchase, ReserveCustomer } from '../../domain/reserve.ts';
import type { Executor } from './db.ts';
import { createLead, type NewLead } from './leads.repo.ts';
import { queuePaymentActions } from './payment-actions.repo.ts';
import { storeReceipts } from './reservation-receipts.repo.ts';

/** A stored reservation (migrations 011 and 019). */
export interface StoredReservation {
  id: string;
  site_id: number;
  dealership_id: number;
  car_id: number;
  status: 'pending' | 'held' | 'failed' | 'released' | 'confirmed';
  amount_cents: number;
  currency: string;
  processor: string;
  /** The payment intent's id (`pi_…`), stored as soon as the processor made it. */
  charge_id: string | null;
  idempotency_key: string;
  customer: ReserveCustomer;
  failure: string | null;
  lead_id: string | null;
  held_until: string | null;
  created_at: string;
  /** The deposit's payment as the processor last reported it (issue 34). */
  payment_state: PaymentState;
  card_brand: string | null;
  card_last4: string | null;
  /** The dealer's Stripe connected account the intent lives on, or null. */
  stripe_account: string | null;
  /** The last refusal of a card the shopper was shown (the claim waits for another card). */
  payment_failure: string | null;
  /** The checkout journey's choices, or null for a plain reservation. */
  purchase: Purchase | null;
  /** The site's address the shopper reserved at: the receipts' links. */
  link_origin: string | null;
  /** When the dealer confirmed the sale (migration 024); null before, and for sales confirmed before it. */
  confirmed_at: string | null;
  /** When the dealer released the hold early (migration 024); null for a hold that ran out. */
  released_early_at: string | null;
}

const COLUMNS = `id, site_id, dealership_id, car_id, status, amount_cents, currency, processor, charge_id,
  idempotency_key, customer, failure, lead_id::text AS lead_id, held_until, created_at, payment_state,
  card_brand, card_last4, stripe_account, payment_failure, purchase, link_origin, confirmed_at, released_early_at`;

/**
 * How long a claim may stay `pending` (waiting for the shopper's card) before the sweep looks its
 * payment up and settles it: held after all if it was authorised, else the car given back.
 */
export const PENDING_CLAIM_MINUTES = 10;

/** A new claim on a car, before its deposit is charged. */
export interface NewClaim {
  siteId: number;
  dealershipId: number;
  carId: number;
  amountCents: number;
  currency: string;
  processor: string;
  idempotencyKey: string;
  customer: ReserveCustomer;
  /** The dealer's connected account the intent will be made on, or null. */
  account: string | null;
  purchase: Purchase | null;
  linkOrigin: string | null;
}

/** The outcome of a claim: this request's, the one stored under the same key before, or the car taken. */
export type ClaimResult =
  | { kind: 'claimed'; reservation: StoredReservation }
  | { kind: 'replayed'; reservation: StoredReservation }
  | { kind: 'taken' };

/** The reservation a site stored under an idempotency key. */
export async function reservationByKey(
  db: Executor,
  siteId: number,
  key: string,
): Promise<StoredReservation | null> {
  const { rows } = await db.query<StoredReservation>(
    `SELECT ${COLUMNS} FROM reservations WHERE site_id = $1 AND idempotency_key = $2`,
    [siteId, key],
  );
  return rows[0] ?? null;
}

/**
 * Claims a car (`pending`) before its deposit is charged. Only one claim per car may be pending or
 * held (the partial unique index); a second finds the first and is `taken`, so it is never charged.
 * A key seen before answers the reservation stored with it (`replayed`).
 */
export async function claimCar(db: Executor, claim: NewClaim): Promise<ClaimResult> {
  const { rows } = await db.query<StoredReservation>(
    `INSERT INTO reservations
       (id, site_id, dealership_id, car_id, status, amount_cents, currency, processor, idempotency_key, customer,
        stripe_account, purchase, link_origin)
     VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9::jsonb, $10, $11::jsonb, $12)
     ON CONFLICT DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      randomUUID(),
      claim.siteId,
      claim.dealershipId,
      claim.carId,
      claim.amountCents,
      claim.currency,
      claim.processor,
      claim.idempotencyKey,
      JSON.stringify(claim.customer),
      claim.account,
      claim.purchase ? JSON.stringify(claim.purchase) : null,
      claim.linkOrigin,
    ],
  );
  if (rows[0]) return { kind: 'claimed', reservation: rows[0] };
  const earlier = await reservationByKey(db, claim.siteId, claim.idempotencyKey);
  return earlier ? { kind: 'replayed', reservation: earlier } : { kind: 'taken' };
}

/** The reservation with this id, or null. */
export async function reservationById(db: Executor, id: string): Promise<StoredReservation | null> {
  const { rows } = await db.query<StoredReservation>(
    `SELECT ${COLUMNS} FROM reservations WHERE id = $1::uuid`,
    [id],
  );
  return rows[0] ?? null;
}

/** The reservation a payment intent was made for (a webhook's event names only the intent), or null. */
export async function reservationByIntent(db: Executor, intentId: string): Promise<StoredReservation | null> {
  const { rows } = await db.query<StoredReservation>(
    `SELECT ${COLUMNS} FROM reservations WHERE charge_id = $1 ORDER BY created_at LIMIT 1`,
    [intentId],
  );
  return rows[0] ?? null;
}

/**
 * Stores the intent made for a claim (kept once set: a second create with the same idempotency key
 * answers the same intent). Answers the reservation as it now is.
 */
export async function setIntent(
  db: Executor,
  id: string,
  intentId: string,
): Promise<StoredReservation | null> {
  const { rows } = await db.query<StoredReservation>(
    `UPDATE reservations SET charge_id = COALESCE(charge_id, $2), updated_at = now() WHERE id = $1
     RETURNING ${COLUMNS}`,
    [id, intentId],
  );
  return rows[0] ?? null;
}

/** What the processor last said of a pending claim's card: a refusal to show, or none. */
export async function recordPaymentFailure(db: Executor, id: string, failure: string | null): Promise<void> {
  await db.query(
    `UPDATE reservations SET payment_failure = $2, updated_at = now()
      WHERE id = $1 AND status = 'pending' AND payment_failure IS DISTINCT FROM $2`,
    [id, failure],
  );
}

/**
 * A claim that ends without a hold: the car is free again. With an intent, its cancel is queued in
 * the same transaction (an authorisation given back; an intent never authorised can no longer be);
 * `authorised` says the processor had authorised it (the payment stays `authorised` until the cancel
 * is done), else the payment is `failed`. False when the claim was no longer pending.
 */
export async function failClaim(
  db: Executor,
  id: string,
  failure: string,
  authorised = false,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<StoredReservation>(
      `UPDATE reservations SET status = 'failed', failure = $2, payment_state = $3, updated_at = now()
        WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
      [id, failure, authorised ? 'authorised' : 'failed'],
    );
    const ended = rows[0];
    if (!ended) return false;
    await queuePaymentActions(tx, [ended], 'cancel');
    return true;
  });
}

/** Marks the car reserved or not, in its columns and in its stored record alike. */
export async function setCarReserved(db: Executor, carId: number, reserved: boolean): Promise<void> {
  await db.query(
    `UPDATE cars SET reserved = $2, data = jsonb_set(data, '{reserved}', to_jsonb($2::boolean)), updated_at = now()
     WHERE id = $1`,
    [carId, reserved],
  );
}

/**
 * An authorised claim becomes a hold, in one transaction: the reservation `held` until `heldUntil`
 * with its intent and the payment `authorised` (the card's brand and last four when known), the car
 * marked reserved, the dealer's lead stored with its delivery job, and the shopper's `held` receipt
 * (its links at `linkOrigin`, the site's address the shopper reserved at). Null if the claim is no
 * longer pending (held by another path a moment ago, or given up by the sweep): nothing is written.
 */
export async function holdCar(
  db: Executor,
  input: {
    id: string;
    chargeId: string;
    heldUntil: Date;
    lead: Omit<NewLead, 'idempotencyKey'>;
    linkOrigin?: string | null;
    card?: { brand: string; last4: string } | null;
  },
): Promise<StoredReservation | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ car_id: number }>(
      `UPDATE reservations SET status = 'held', charge_id = $2, held_until = $3::timestamptz,
              payment_state = 'authorised', card_brand = $4, card_last4 = $5, payment_failure = NULL,
              updated_at = now()
       WHERE id = $1 AND status = 'pending' RETURNING car_id`,
      [
        input.id,
        input.chargeId,
        input.heldUntil.toISOString(),
        input.card?.brand ?? null,
        input.card && /^[0-9]{4}$/.test(input.card.last4) ? input.card.last4 : null,
      ],
    );
    const row = rows[0];
    if (!row) return null;
    await setCarReserved(tx, row.car_id, true);
    const { leadId } = await createLead(tx, { ...input.lead, idempotencyKey: `reservation:${input.id}` });
    await storeReceipts(tx, [input.id], 'held', input.linkOrigin ?? null);
    const held = await tx.query<StoredReservation>(
      `UPDATE reservations SET lead_id = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
      [input.id, leadId],
    );
    return held.rows[0] ?? null;
  });
}

/**
 * Ends the holds that ran out without a sale (`released`, the car free again, the shopper's `released`
 * receipt stored) and queues, in the same transaction, each one's authorisation cancelled (no fee,
 * nothing taken) — or refunded for a deposit an older server had already taken. Answers the cars
 * freed, for the caller to refresh search.
 */
export async function endExpiredHolds(db: Executor, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<StoredReservation>(
      `UPDATE reservations SET status = 'released', updated_at = now()
        WHERE id IN (SELECT id FROM reservations WHERE status = 'held' AND held_until <= $1::timestamptz
                      FOR UPDATE)
       RETURNING ${COLUMNS}`,
      [now.toISOString()],
    );
    for (const row of rows) await setCarReserved(tx, row.car_id, false);
    await queuePaymentActions(
      tx,
      rows.filter((row) => row.payment_state !== 'captured'),
      'cancel',
    );
    await queuePaymentActions(
      tx,
      rows.filter((row) => row.payment_state === 'captured'),
      'refund',
    );
    await storeReceipts(
      tx,
      rows.map((row) => row.id),
      'released',
    );
    return rows.map((row) => row.car_id);
  });
}

/** Claims left `pending` longer than `PENDING_CLAIM_MINUTES` at `now`: the sweep settles each. */
export async function staleClaims(db: Executor, now: Date, limit = 100): Promise<StoredReservation[]> {
  const { rows } = await db.query<StoredReservation>(
    `SELECT ${COLUMNS} FROM reservations
      WHERE status = 'pending' AND created_at <= $1::timestamptz - make_interval(mins => $2)
      ORDER BY created_at LIMIT $3`,
    [now.toISOString(), PENDING_CLAIM_MINUTES, limit],
  );
  return rows;
}

/**
 * The processor's word on a reservation's payment, from a webhook: `captured`, `cancelled`,
 * `refunded`, `disputed`. A later state never goes back to an earlier one (events arrive in any
 * order): a refund or a dispute stands over a capture, a capture over an authorisation.
 */
export async function setPaymentState(db: Executor, id: string, state: PaymentState): Promise<void> {
  const after: Partial<Record<PaymentState, readonly PaymentState[]>> = {
    captured: ['awaiting', 'authorised', 'needs_attention'],
    cancelled: ['awaiting', 'authorised', 'needs_attention', 'failed'],
    refunded: ['awaiting', 'authorised', 'captured', 'needs_attention'],
    disputed: ['awaiting', 'authorised', 'captured', 'refunded', 'needs_attention'],
  };
  await db.query(
    'UPDATE reservations SET payment_state = $2, updated_at = now() WHERE id = $1 AND payment_state = ANY($3::text[])',
    [id, state, after[state] ?? []],
  );
}

/**
 * Marks every held car reserved again: a stock feed knows nothing of holds, so an import (which
 * writes the feed's `reserved`) re-applies them in its transaction and cannot free a held car.
 */
export async function reapplyHolds(db: Executor): Promise<void> {
  await db.query(
    `UPDATE cars SET reserved = true, data = jsonb_set(data, '{reserved}', 'true'::jsonb), updated_at = now()
     WHERE NOT reserved AND id IN (SELECT car_id FROM reservations WHERE status IN ('held', 'confirmed'))`,
  );
}

/** Cars by id (any dealership): what search is refreshed from after a write. */
export async function carsByIds(db: Executor, ids: readonly number[]): Promise<Car[]> {
  const { rows } = await db.query<{ data: Car }>('SELECT data FROM cars WHERE id = ANY($1::int[])', [ids]);
  return rows.map((row) => row.data);
}

/** A site's reservations as the dealer lists them: the newest first. */
export async function listReservations(db: Executor, siteId: number): Promise<StoredReservation[]> {
  const { rows } = await db.query<StoredReservation>(
    `SELECT ${COLUMNS} FROM reservations WHERE site_id = $1 ORDER BY created_at DESC`,
    [siteId],
  );
  return rows;
}

/**
 * Why a dealer's decision on a hold was refused: no reservation of this site by that id, one that is
 * not a live hold (still awaiting its payment, never held, released or sold already), or a hold whose
 * time ran out (the sweep is about to give the car back).
 */
export type HoldRefusal =
  | { kind: 'not_found' }
  | { kind: 'not_held'; status: StoredReservation['status']; releasedEarly: boolean }
  | { kind: 'expired'; heldUntil: string };

/** Why a live hold of this site was not found for a decision, in the decision's transaction. */
async function refusalOf(tx: Executor, siteId: number, reservationId: string): Promise<HoldRefusal> {
  const { rows } = await tx.query<Pick<StoredReservation, 'status' | 'held_until' | 'released_early_at'>>(
    'SELECT status, held_until, released_early_at FROM reservations WHERE id = $1::uuid AND site_id = $2',
    [reservationId, siteId],
  );
  const found = rows[0];
  if (!found) return { kind: 'not_found' };
  if (found.status === 'held' && found.held_until) return { kind: 'expired', heldUntil: found.held_until };
  return { kind: 'not_held', status: found.status, releasedEarly: found.released_early_at !== null };
}

/**
 * Work a caller adds to a decision's transaction (the console's audit entry), after the change and
 * before the commit: it is stored with the change or not at all.
 */
export type WithinDecision = (tx: Executor, reservation: StoredReservation) => Promise<void>;

/** What confirming a sale did: the reservation confirmed, or why not. */
export type SaleConfirmation = { kind: 'confirmed'; reservation: StoredReservation } | HoldRefusal;

/**
 * The dealer sold a reserved car (issue 17 item 2): its hold becomes `confirmed` (the sweep no longer
 * releases it, the deposit is taken towards the price: its capture queued) and the car is sold — in
 * its columns and its stored record, so search and the car page show it at once. Only a live hold of
 * this site can be confirmed — one whose time ran out at `now` is refused (`expired`), as is a second
 * confirmation; the reservation, the car, the capture, the shopper's `confirmed` receipt and the
 * caller's `within` (the console's audit entry) change in one transaction. `npm run reservations`,
 * its admin route and the console all confirm through here.
 */
export async function confirmSale(
  db: Executor,
  siteId: number,
  reservationId: string,
  now: Date,
  within?: WithinDecision,
): Promise<SaleConfirmation> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<StoredReservation>(
      `UPDATE reservations SET status = 'confirmed', confirmed_at = $3::timestamptz, updated_at = now()
        WHERE id = $1::uuid AND site_id = $2 AND status = 'held' AND held_until > $3::timestamptz
       RETURNING ${COLUMNS}`,
      [reservationId, siteId, now.toISOString()],
    );
    const reservation = rows[0];
    if (!reservation) return refusalOf(tx, siteId, reservationId);
    // The record's `sold_at` is the ISO text the car schema reads, written as given: cast from the
    // column's timestamptz it would be PostgreSQL's `2026-11-27 03:36:26.617+00` (issue 31 item 3).
    await tx.query(
      `UPDATE cars SET status = 'sold', sold_at = $2::timestamptz, updated_at = now(),
              data = data || jsonb_build_object('status', 'sold', 'sold', true, 'sold_at', $3::text)
        WHERE id = $1`,
      [reservation.car_id, now.toISOString(), now.toISOString()],
    );
    await storeReceipts(tx, [reservation.id], 'confirmed');
    // The authorised deposit is taken towards the price (one taken by an older server is already).
    if (reservation.payment_state !== 'captured') await queuePaymentActions(tx, [reservation], 'capture');
    await within?.(tx, reservation);
    return { kind: 'confirmed', reservation };
  });
}

/** What releasing a hold did: the reservation released, or why not. */
export type HoldRelease = { kind: 'released'; reservation: StoredReservation } | HoldRefusal;

/**
 * The dealer ends a live hold of this site early (issue 36 item 4), as the sweep ends one that ran
 * out: `released` (with `released_early_at`, so the console tells the two apart), the car free again,
 * the authorisation's cancel queued (no fee, nothing taken; a refund for a deposit an older server had
 * already taken), the shopper's `released_by_dealer` receipt and the caller's `within` (the console's
 * audit entry), in one transaction. Done once: a second release, one of a sold car and one of a hold
 * that ran out at `now` are refused. The caller refreshes the car in search after the commit.
 */
export async function releaseHold(
  db: Executor,
  siteId: number,
  reservationId: string,
  now: Date,
  within?: WithinDecision,
): Promise<HoldRelease> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<StoredReservation>(
      `UPDATE reservations SET status = 'released', released_early_at = $3::timestamptz, updated_at = now()
        WHERE id = $1::uuid AND site_id = $2 AND status = 'held' AND held_until > $3::timestamptz
       RETURNING ${COLUMNS}`,
      [reservationId, siteId, now.toISOString()],
    );
    const reservation = rows[0];
    if (!reservation) return refusalOf(tx, siteId, reservationId);
    await setCarReserved(tx, reservation.car_id, false);
    await queuePaymentActions(
      tx,
      [reservation],
      reservation.payment_state === 'captured' ? 'refund' : 'cancel',
    );
    await storeReceipts(tx, [reservation.id], 'released_by_dealer');
    await within?.(tx, reservation);
    return { kind: 'released', reservation };
  });
}

/** A reservation with its car as the dealer's console lists it (the car null when the stock no longer holds it). */
export interface ListedReservation extends StoredReservation {
  car_name: string | null;
  car_slug: string | null;
  car_stocknum: string | null;
}

/** The console's filters (`domain/console-reservations.ts`), each as the rows it keeps at `$2` (now). */
const FILTER_SQL = {
  held: `(status = 'pending' OR (status = 'held' AND held_until > $2::timestamptz))`,
  confirmed: `status = 'confirmed'`,
  released: `(status = 'released' AND released_early_at IS NOT NULL)`,
  expired: `((status = 'released' AND released_early_at IS NULL) OR (status = 'held' AND held_until <= $2::timestamptz))`,
} as const;

/** A console filter, or every reservation that ever held (or is claiming) a car. */
export type ListFilter = keyof typeof FILTER_SQL | null;

/**
 * A site's reservations as the console lists them at `now` (issue 36 item 4): the newest first, at
 * most `limit`, with their cars; one filter's, or every one but the claims that never held a car.
 */
export async function listSiteReservations(
  db: Executor,
  siteId: number,
  options: { filter: ListFilter; now: Date; limit: number; id?: string },
): Promise<ListedReservation[]> {
  const where = options.filter ? FILTER_SQL[options.filter] : `status <> 'failed'`;
  const { rows } = await db.query<ListedReservation>(
    `SELECT x.*, c.data->>'name' AS car_name, c.slug AS car_slug, c.stocknum AS car_stocknum
       FROM (SELECT ${COLUMNS} FROM reservations
              WHERE site_id = $1 AND ${where} AND $2::timestamptz IS NOT NULL AND ($4::uuid IS NULL OR id = $4::uuid)
              ORDER BY created_at DESC, id LIMIT $3) x
       LEFT JOIN cars c ON c.id = x.car_id
      ORDER BY x.created_at DESC, x.id`,
    [siteId, options.now.toISOString(), options.limit, options.id ?? null],
  );
  return rows;
}

/** How many of a site's reservations each console filter holds at `now`. */
export async function countSiteReservations(
  db: Executor,
  siteId: number,
  now: Date,
): Promise<Record<keyof typeof FILTER_SQL, number>> {
  const { rows } = await db.query<Record<keyof typeof FILTER_SQL, number>>(
    `SELECT COUNT(*) FILTER (WHERE ${FILTER_SQL.held})::int AS held,
            COUNT(*) FILTER (WHERE ${FILTER_SQL.confirmed})::int AS confirmed,
            COUNT(*) FILTER (WHERE ${FILTER_SQL.released})::int AS released,
            COUNT(*) FILTER (WHERE ${FILTER_SQL.expired})::int AS expired
       FROM reservations WHERE site_id = $1 AND $2::timestamptz IS NOT NULL`,
    [siteId, now.toISOString()],
  );
  return rows[0] ?? { held: 0, confirmed: 0, released: 0, expired: 0 };
}
