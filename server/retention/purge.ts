import { CV_CLAIM_HOURS } from '../../domain/careers-cv-rules.ts';
import {
  KEPT_REASONS,
  PURGED_KINDS,
  type PurgedKind,
  type PurgeReport,
} from '../../domain/contracts/retention.ts';
import { cutoffOf, type KeepingTimes } from '../../domain/retention.ts';
import type { MediaStore } from '../media/media-store.ts';
import type { Db, Executor } from '../store/db.ts';

/**
 * The purge (issue 33 item 8, `npm run purge`): deletes what is past its keeping time
 * (`domain/retention.ts`) in one transaction, then the deleted photos' and CVs' files from the media
 * storage.
 * A lead is deleted only once every version of it was delivered, and never while a reservation
 * naming it is pending or held or its test drive is still to come: those are reported as kept. A dry
 * run does the same work and rolls it back, so its counts are exactly what a purge would delete.
 */

/** When the purge runs and how long each kind is kept. */
export interface PurgeOptions {
  now: Date;
  keeping: KeepingTimes;
  dryRun: boolean;
}

type Counts = Map<PurgedKind, number>;
type Kept = Map<(typeof KEPT_REASONS)[number], number>;

/** Thrown to roll a dry run back, carrying what it found. */
class DryRunRollback extends Error {
  constructor(readonly found: Found) {
    super('dry run');
  }
}

/** The kinds that count files deleted from the media storage. */
type FileKind = Extract<PurgedKind, 'trade-in photo files' | 'careers CV files'>;

interface Found {
  counts: Counts;
  kept: Kept;
  /** The media keys of the photos and CVs whose rows were deleted, each with its kind. */
  files: { kind: FileKind; key: string }[];
}

/** Runs a counting `DELETE … RETURNING 1` and answers how many rows it deleted. */
async function deleted(tx: Executor, sql: string, params: readonly unknown[]): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    params,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Leads past their keeping time, with what hangs on them. The old leads are locked first, so a
 * later step of their flow (a trade-in offer's acceptance adds a delivery) waits or has finished;
 * the check that each is delivered runs after the lock, on what is committed by then.
 */
async function purgeLeads(tx: Executor, before: string, now: string, found: Found): Promise<void> {
  const { rows: old } = await tx.query<{ lead_id: string }>(
    'SELECT lead_id::text AS lead_id FROM leads WHERE updated_at < $1 ORDER BY id FOR UPDATE',
    [before],
  );
  if (old.length === 0) return;
  const { rows } = await tx.query<{ lead_id: string; reason: (typeof KEPT_REASONS)[number] | null }>(
    `SELECT l.lead_id::text AS lead_id,
            CASE
              WHEN EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.lead_id AND d.delivered_at IS NULL)
                THEN 'not delivered'
              WHEN EXISTS (SELECT 1 FROM reservations r WHERE r.lead_id = l.lead_id AND r.status IN ('pending', 'held'))
                THEN 'reservation active'
              WHEN EXISTS (SELECT 1 FROM test_drive_bookings b WHERE b.lead_id = l.lead_id AND b.slot_start > $2)
                THEN 'test drive to come'
            END AS reason
       FROM leads l WHERE l.lead_id = ANY($1::uuid[])`,
    [old.map((row) => row.lead_id), now],
  );
  const gone = rows.filter((row) => row.reason === null).map((row) => row.lead_id);
  for (const row of rows) {
    if (row.reason) found.kept.set(row.reason, (found.kept.get(row.reason) ?? 0) + 1);
  }
  if (gone.length === 0) return;
  found.counts.set(
    'test-drive bookings',
    await deleted(tx, 'DELETE FROM test_drive_bookings WHERE lead_id = ANY($1::uuid[])', [gone]),
  );
  found.counts.set(
    'lead deliveries',
    await deleted(tx, 'DELETE FROM lead_deliveries WHERE lead_id = ANY($1::uuid[])', [gone]),
  );
  found.counts.set('leads', await deleted(tx, 'DELETE FROM leads WHERE lead_id = ANY($1::uuid[])', [gone]));
}

/**
 * Trade-in valuations no lead names any more (their lead was purged, or the shopper never sent one),
 * untouched for the unfinished keeping time: the rows go with their photos' rows, and the photos'
 * keys are kept to delete their files once the rows are gone for good.
 */
async function purgeValuations(tx: Executor, before: string, found: Found): Promise<void> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT v.id FROM valuations v
      WHERE v.updated_at < $1
        AND NOT EXISTS (SELECT 1 FROM valuation_images i WHERE i.valuation_id = v.id AND i.created_at >= $1)
        AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.site_id = v.site_id AND l.payload->>'EvalID' = v.eval_id)
      ORDER BY v.id FOR UPDATE`,
    [before],
  );
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.id);
  const { rows: photos } = await tx.query<{ storage_key: string | null }>(
    'SELECT storage_key FROM valuation_images WHERE valuation_id = ANY($1::int[]) ORDER BY id',
    [ids],
  );
  found.counts.set('trade-in photos', photos.length);
  found.files.push(
    ...photos.flatMap((photo) =>
      photo.storage_key ? [{ kind: 'trade-in photo files' as const, key: photo.storage_key }] : [],
    ),
  );
  found.counts.set(
    'trade-in valuations',
    await deleted(tx, 'DELETE FROM valuations WHERE id = ANY($1::int[])', [ids]),
  );
}

/**
 * Careers CVs no lead names once their claim window (`CV_CLAIM_HOURS`) is over: one never claimed,
 * one claimed by an enquiry that was never stored (its lead names it nowhere, not even in its
 * payload), and one whose lead is gone (purged above, in this transaction). A CV claimed within the
 * window stays while its enquiry may still be on its way; the files go once the rows are gone for good.
 */
async function purgeCareersCvs(tx: Executor, claimBefore: string, found: Found): Promise<void> {
  const { rows } = await tx.query<{ storage_key: string }>(
    `DELETE FROM careers_cvs c
      WHERE c.created_at < $1
        AND (c.claimed_at IS NULL
          OR (c.lead_id IS NULL AND c.claimed_at < $1
              AND NOT EXISTS (SELECT 1 FROM leads l
                               WHERE l.site_id = c.site_id AND lower(l.payload->>'cv_id') = c.id::text))
          OR (c.lead_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.lead_id = c.lead_id)))
      RETURNING storage_key`,
    [claimBefore],
  );
  found.counts.set('careers CVs', rows.length);
  found.files.push(...rows.map((row) => ({ kind: 'careers CV files' as const, key: row.storage_key })));
}

async function purgeRows(tx: Executor, options: PurgeOptions): Promise<Found> {
  const now = options.now.toISOString();
  const before = {
    leads: cutoffOf(options.keeping.leads, options.now).toISOString(),
    activity: cutoffOf(options.keeping.activity, options.now).toISOString(),
    unfinished: cutoffOf(options.keeping.unfinished, options.now).toISOString(),
  };
  const found: Found = { counts: new Map(), kept: new Map(), files: [] };
  const set = async (kind: PurgedKind, sql: string, params: readonly unknown[]) => {
    found.counts.set(kind, await deleted(tx, sql, params));
  };
  await purgeLeads(tx, before.leads, now, found);
  // A reservation whose deposit still has a capture, cancel or refund to send, or one an operator
  // must look at (`needs_attention`), stays whatever its age: deleting it would drop the action.
  await set(
    'ended reservations',
    `DELETE FROM reservations r WHERE r.status IN ('failed', 'released', 'confirmed') AND r.updated_at < $1
        AND r.payment_state <> 'needs_attention'
        AND NOT EXISTS (SELECT 1 FROM payment_actions a
                         WHERE a.reservation_id = r.id AND a.done_at IS NULL AND a.given_up_at IS NULL)`,
    [before.leads],
  );
  await set('saved valuations', 'DELETE FROM site_records WHERE created_at < $1', [before.leads]);
  await purgeValuations(tx, before.unfinished, found);
  await purgeCareersCvs(
    tx,
    new Date(options.now.getTime() - CV_CLAIM_HOURS * 3_600_000).toISOString(),
    found,
  );
  await set('expired sessions', 'DELETE FROM sessions WHERE expires_at <= $1', [now]);
  await set('expired account links', 'DELETE FROM account_links WHERE expires_at <= $1', [now]);
  // An account nobody confirmed cannot sign in; once its last link has expired it only keeps an
  // address someone typed (perhaps not its owner's).
  await set(
    'unconfirmed accounts',
    `DELETE FROM users u WHERE u.email_confirmed_at IS NULL AND u.created_at < $1
        AND NOT EXISTS (SELECT 1 FROM account_links l WHERE l.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM saved_searches s WHERE s.user_id = u.id
          AND (s.confirmed_at IS NOT NULL OR s.confirm_expires_at > $2))`,
    [before.unfinished, now],
  );
  await set('analytics events', 'DELETE FROM analytics_events WHERE created_at < $1', [before.activity]);
  await set('phone reveals', 'DELETE FROM phone_reveals WHERE revealed_at < $1', [before.activity]);
  await set('sent saved-search alerts', 'DELETE FROM search_alerts WHERE sent_at < $1', [before.activity]);
  // The ids of processor events already handled (a webhook's duplicate guard): the processor stops
  // resending an event within days, so a year-old id guards nothing.
  await set('handled payment events', 'DELETE FROM payment_events WHERE received_at < $1', [before.activity]);
  return found;
}

/** Deletes what is past its keeping time (or, in a dry run, counts it) and says what it did. */
export async function purge(
  deps: { db: Db; media: MediaStore },
  options: PurgeOptions,
): Promise<PurgeReport> {
  let found: Found;
  try {
    found = await deps.db.transaction(async (tx) => {
      const result = await purgeRows(tx, options);
      if (options.dryRun) throw new DryRunRollback(result);
      return result;
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
    found = error.found;
  }
  const failures: string[] = [];
  for (const { kind, key } of found.files) {
    try {
      if (!options.dryRun) await deps.media.delete(key);
      found.counts.set(kind, (found.counts.get(kind) ?? 0) + 1);
    } catch (error) {
      failures.push(`${key}: ${(error as Error).message}`);
    }
  }
  const keeping = (name: keyof KeepingTimes) => ({
    text: options.keeping[name].text,
    before: cutoffOf(options.keeping[name], options.now).toISOString(),
  });
  return {
    dry_run: options.dryRun,
    at: options.now.toISOString(),
    keeping: { leads: keeping('leads'), activity: keeping('activity'), unfinished: keeping('unfinished') },
    deleted: PURGED_KINDS.map((kind) => ({ kind, count: found.counts.get(kind) ?? 0 })),
    kept: KEPT_REASONS.map((reason) => ({
      kind: 'leads' as const,
      reason,
      count: found.kept.get(reason) ?? 0,
    })),
    failures,
  };
}
