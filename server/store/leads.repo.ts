import { randomUUID } from 'node:crypto';
import type { LeadUserData } from '../../domain/lead.ts';
import { BUY_ONLINE_LEAD_CATEGORY, RESERVE_LEAD_CATEGORY } from '../../domain/reserve.ts';
import type { Executor } from './db.ts';

/** A lead as the route has checked it: whose it is, and what the shopper sent. */
export interface NewLead {
  siteId: number;
  dealershipId: number;
  carId: number | null;
  payload: LeadUserData;
  /** The `Idempotency-Key` the request carried, if any. */
  idempotencyKey: string | null;
  /** A test drive's time, booked in the lead's transaction (issue 15 item 4). */
  booking?: { locationSlug: string; slotStart: string } | null;
  /** The site's address it was sent from (`emailLinkOrigin`), for its emails' links. */
  origin?: string | null;
}

/** Someone booked the time first: the lead's transaction is rolled back and nothing is stored. */
export class SlotTakenError extends Error {
  constructor() {
    super('The test-drive time is already booked');
  }
}

/** A stored lead. */
export interface StoredLead {
  lead_id: string;
  site_id: number;
  dealership_id: number;
  car_id: number | null;
  category: string;
  subcategory: string | null;
  payload: LeadUserData;
  version: number;
  created_at: string;
}

/**
 * Whether the shopper is sent an acknowledgement of the lead (issue 36 item 1): every lead with an
 * email address, but a reservation's or an online purchase's, whose shopper gets its receipt instead
 * (decision 117).
 */
export function acknowledges(payload: LeadUserData): boolean {
  return (
    typeof payload.email === 'string' &&
    payload.email.includes('@') &&
    payload.category !== RESERVE_LEAD_CATEGORY &&
    payload.category !== BUY_ONLINE_LEAD_CATEGORY
  );
}

/**
 * Stores a lead, its first delivery job and its shopper's acknowledgement (`acknowledges`) in one
 * transaction, and resolves after COMMIT. A key the site has seen before finds the lead stored with
 * it (`created: false`) and stores nothing; two requests with one key at the same moment store one
 * lead (the unique index decides).
 */
export async function createLead(db: Executor, lead: NewLead): Promise<{ leadId: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const leadId = randomUUID();
    const inserted = await tx.query<{ lead_id: string }>(
      `INSERT INTO leads (lead_id, site_id, dealership_id, car_id, category, subcategory, payload, idempotency_key, origin)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)
       ON CONFLICT (site_id, idempotency_key) DO NOTHING
       RETURNING lead_id`,
      [
        leadId,
        lead.siteId,
        lead.dealershipId,
        lead.carId,
        lead.payload.category,
        lead.payload.subcategory ?? null,
        JSON.stringify({ ...lead.payload, lead_id: leadId }),
        lead.idempotencyKey,
        lead.origin ?? null,
      ],
    );
    if (inserted.rows[0]) {
      if (lead.booking) {
        const booked = await tx.query<{ lead_id: string }>(
          `INSERT INTO test_drive_bookings (site_id, location_slug, slot_start, lead_id)
           VALUES ($1, $2, $3::timestamptz, $4)
           ON CONFLICT DO NOTHING RETURNING lead_id`,
          [lead.siteId, lead.booking.locationSlug, lead.booking.slotStart, leadId],
        );
        if (!booked.rows[0]) throw new SlotTakenError();
      }
      await tx.query('INSERT INTO lead_deliveries (lead_id, version) VALUES ($1, 1)', [leadId]);
      if (acknowledges(lead.payload)) {
        await tx.query('INSERT INTO lead_acknowledgements (lead_id) VALUES ($1)', [leadId]);
      }
      return { leadId, created: true };
    }
    const existing = await tx.query<{ lead_id: string }>(
      'SELECT lead_id FROM leads WHERE site_id = $1 AND idempotency_key = $2',
      [lead.siteId, lead.idempotencyKey],
    );
    const found = existing.rows[0];
    if (!found) throw new Error('createLead: a conflicting key left no lead');
    return { leadId: found.lead_id, created: false };
  });
}

/**
 * Updates a site's lead with what a later step of its own flow sent (the trade-in's offer acceptance:
 * subcategory, `form_completed`, `offer_accepted`), as a new version with its own delivery job, in
 * one transaction. Only a lead of `changes.category` is updated: a step of one flow cannot rewrite
 * another's lead. Changes the lead holds already (a resent acceptance) store and send nothing
 * (`changed: false`). Null when the site has no such lead of that category.
 */
export async function updateLead(
  db: Executor,
  siteId: number,
  leadId: string,
  changes: Partial<LeadUserData> & { category: string },
): Promise<{ leadId: string; version: number; changed: boolean } | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ version: number; changed: boolean }>(
      `SELECT version, NOT (payload @> $4::jsonb) AS changed FROM leads
        WHERE site_id = $1 AND lead_id = $2 AND category = $3 FOR UPDATE`,
      [siteId, leadId, changes.category, JSON.stringify(changes)],
    );
    const found = rows[0];
    if (!found) return null;
    if (!found.changed) return { leadId, version: found.version, changed: false };
    const updated = await tx.query<{ version: number }>(
      `UPDATE leads
         SET payload = payload || $3::jsonb,
             subcategory = COALESCE($4, subcategory),
             version = version + 1,
             updated_at = now()
       WHERE site_id = $1 AND lead_id = $2
       RETURNING version`,
      [siteId, leadId, JSON.stringify({ ...changes, lead_id: leadId }), changes.subcategory ?? null],
    );
    const version = (updated.rows[0] as { version: number }).version;
    await tx.query('INSERT INTO lead_deliveries (lead_id, version) VALUES ($1, $2)', [leadId, version]);
    return { leadId, version, changed: true };
  });
}

/** The lead a site stored under an `Idempotency-Key`, if any. */
export async function leadIdByKey(db: Executor, siteId: number, key: string): Promise<string | null> {
  const { rows } = await db.query<{ lead_id: string }>(
    'SELECT lead_id FROM leads WHERE site_id = $1 AND idempotency_key = $2',
    [siteId, key],
  );
  return rows[0]?.lead_id ?? null;
}

/** A location's booked test-drive times from an instant on, as ISO strings in UTC. */
export async function bookedSlots(
  db: Executor,
  siteId: number,
  locationSlug: string,
  from: Date,
): Promise<Set<string>> {
  const { rows } = await db.query<{ ms: string | number }>(
    `SELECT (extract(epoch FROM slot_start) * 1000)::bigint AS ms
       FROM test_drive_bookings WHERE site_id = $1 AND location_slug = $2 AND slot_start >= $3::timestamptz`,
    [siteId, locationSlug, from.toISOString()],
  );
  return new Set(rows.map((row) => new Date(Number(row.ms)).toISOString()));
}

/** A site's leads, oldest first (from `since`, when given). */
export async function listLeads(db: Executor, siteId: number, since?: Date): Promise<StoredLead[]> {
  const { rows } = await db.query<StoredLead>(
    `SELECT lead_id, site_id, dealership_id, car_id, category, subcategory, payload, version, created_at
       FROM leads WHERE site_id = $1 AND created_at >= $2 ORDER BY id`,
    [siteId, (since ?? new Date(0)).toISOString()],
  );
  return rows;
}

/** Delivery jobs not yet delivered, for the hand-off worker and its tests. */
export async function pendingDeliveries(db: Executor): Promise<{ lead_id: string; version: number }[]> {
  const { rows } = await db.query<{ lead_id: string; version: number }>(
    'SELECT lead_id, version FROM lead_deliveries WHERE delivered_at IS NULL ORDER BY id',
  );
  return rows;
}
