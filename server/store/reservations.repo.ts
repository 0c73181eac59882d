import { randomUUID } from 'node:crypto';
import type { Car } from '../../domain/car.ts';
import type { ReserveCustomer } from '../../domain/reserve.ts';
import type { Executor } from './db.ts';
import { createLead, type NewLead } from './leads.repo.ts';
import { storeReceipts } from './reservation-receipts.repo.ts';

/** A stored reservation (migration 011). */
export interface StoredReservation {
  id: string;
  site_id: number;
  dealership_id: number;
  car_id: number;
  status: 'pending' | 'held' | 'failed' | 'released' | 'confirmed';
  amount_cents: number;
  currency: string;
  processor: string;
  charge_id: string | null;
  idempotency_key: string;
  customer: ReserveCustomer;
  failure: string | null;
  lead_id: string | null;
  held_until: string | null;
  created_at: string;
}

const COLUMNS = `id, site_id, dealership_id, car_id, status, amount_cents, currency, processor, charge_id,
  idempotency_key, customer, failure, lead_id::text AS lead_id, held_until, created_at`;

/** How long a claim may stay `pending` (a charge in flight) before the sweep gives the car back. */
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
       (id, site_id, dealership_id, car_id, status, amount_cents, currency, processor, idempotency_key, customer)
     VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9::jsonb)
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
    ],
  );
  if (rows[0]) return { kind: 'claimed', reservation: rows[0] };
  const earlier = await reservationByKey(db, claim.siteId, claim.idempotencyKey);
  return earlier ? { kind: 'replayed', reservation: earlier } : { kind: 'taken' };
}

/** A claim whose charge was refused: the car is free again. */
export async function failClaim(db: Executor, id: string, failure: string): Promise<void> {
  await db.query(
    `UPDATE reservations SET status = 'failed', failure = $2, updated_at = now() WHERE id = $1 AND status = 'pending'`,
    [id, failure],
  );
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
 * A paid claim becomes a hold, in one transaction: the reservation `held` until `heldUntil` with its
 * charge, the car marked reserved, the dealer's lead stored with its delivery job, and the shopper's
 * `held` receipt (its links at `linkOrigin`, the site's address the shopper reserved at). Null if the
 * claim is no longer pending (the sweep gave it up), in which case nothing is written.
 */
export async function holdCar(
  db: Executor,
  input: {
    id: string;
    chargeId: string;
    heldUntil: Date;
    lead: Omit<NewLead, 'idempotencyKey'>;
    linkOrigin?: string | null;
  },
): Promise<StoredReservation | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ car_id: number }>(
      `UPDATE reservations SET status = 'held', charge_id = $2, held_until = $3::timestamptz, updated_at = now()
       WHERE id = $1 AND status = 'pending' RETURNING car_id`,
      [input.id, input.chargeId, input.heldUntil.toISOString()],
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

/** A hold or claim the sweep ended. */
export interface EndedHold {
  id: string;
  car_id: number;
  charge_id: string | null;
  processor: string;
  was: 'held' | 'pending';
}

/**
 * Ends the holds that ran out without a sale (`released`, the car free again, the shopper's `released`
 * receipt stored) and gives up claims left pending too long (a charge that never answered). Answers
 * what was ended, for the caller to refund the charges and refresh search.
 */
export async function endExpiredHolds(db: Executor, now: Date): Promise<EndedHold[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<EndedHold>(
      `WITH ended AS (
         SELECT id, status AS was FROM reservations
          WHERE (status = 'held' AND held_until <= $1::timestamptz)
             OR (status = 'pending' AND created_at <= $1::timestamptz - make_interval(mins => $2))
          FOR UPDATE
       )
       UPDATE reservations r
          SET status = CASE WHEN ended.was = 'held' THEN 'released' ELSE 'failed' END,
              failure = CASE WHEN ended.was = 'held' THEN r.failure ELSE 'The charge did not answer in time' END,
              updated_at = now()
         FROM ended WHERE r.id = ended.id
       RETURNING r.id, r.car_id, r.charge_id, r.processor, ended.was`,
      [now.toISOString(), PENDING_CLAIM_MINUTES],
    );
    for (const row of rows) {
      if (row.was === 'held') await setCarReserved(tx, row.car_id, false);
    }
    const released = rows.filter((row) => row.was === 'held').map((row) => row.id);
    await storeReceipts(tx, released, 'released');
    return rows;
  });
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

/** What confirming a sale did: the reservation confirmed, or why not. */
export type SaleConfirmation =
  | { kind: 'confirmed'; reservation: StoredReservation }
  | { kind: 'not_found' }
  | { kind: 'not_held'; status: StoredReservation['status'] };

/**
 * The dealer sold a reserved car (issue 17 item 2): its hold becomes `confirmed` (the sweep no longer
 * releases it, the deposit is kept towards the price) and the car is sold — in its columns and its
 * stored record, so search and the car page show it at once. Only a live hold of this site can be
 * confirmed; the reservation, the car and the shopper's `confirmed` receipt change in one transaction.
 */
export async function confirmSale(
  db: Executor,
  siteId: number,
  reservationId: string,
  now: Date,
): Promise<SaleConfirmation> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<StoredReservation>(
      `UPDATE reservations SET status = 'confirmed', updated_at = now()
        WHERE id = $1::uuid AND site_id = $2 AND status = 'held' RETURNING ${COLUMNS}`,
      [reservationId, siteId],
    );
    const reservation = rows[0];
    if (!reservation) {
      const found = await tx.query<{ status: StoredReservation['status'] }>(
        'SELECT status FROM reservations WHERE id = $1::uuid AND site_id = $2',
        [reservationId, siteId],
      );
      const status = found.rows[0]?.status;
      return status ? { kind: 'not_held', status } : { kind: 'not_found' };
    }
    // The record's `sold_at` is the ISO text the car schema reads, written as given: cast from the
    // column's timestamptz it would be PostgreSQL's `2026-11-27 03:36:26.617+00` (issue 31 item 3).
    await tx.query(
      `UPDATE cars SET status = 'sold', sold_at = $2::timestamptz, updated_at = now(),
              data = data || jsonb_build_object('status', 'sold', 'sold', true, 'sold_at', $3::text)
        WHERE id = $1`,
      [reservation.car_id, now.toISOString(), now.toISOString()],
    );
    await storeReceipts(tx, [reservation.id], 'confirmed');
    return { kind: 'confirmed', reservation };
  });
}
