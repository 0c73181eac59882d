import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import type { PurgeReport } from '../../../domain/contracts/retention.ts';
import { cutoffOf, keepingTimeSchema, keepingTimes } from '../../../domain/retention.ts';
import { localMediaStore, type MediaStore, readMediaObject } from '../../../server/media/media-store.ts';
import { purgeAdminRoutes } from '../../../server/retention/admin.routes.ts';
import { purge } from '../../../server/retention/purge.ts';
import { formatPurgeReport } from '../../../server/retention/report-text.ts';
import { addCareersCv } from '../../../server/store/careers-cvs.repo.ts';
import type { Executor } from '../../../server/store/db.ts';
import { createLead } from '../../../server/store/leads.repo.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { addValuationImage, saveValuation } from '../../../server/store/valuations.repo.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';

/**
 * Issue 33 item 8: `npm run purge` deletes what is past its keeping time — delivered leads with what
 * hangs on them, trade-in photos (rows and files), expired sessions and links, unconfirmed
 * accounts, analytics — and never an undelivered lead, one an active reservation names, or one
 * whose test drive is still to come. On PGlite, and on PostgreSQL when `DATABASE_URL` is set.
 */
const NOW = new Date('2026-11-27T00:00:00.000Z');
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const count = (report: PurgeReport, kind: string) =>
  report.deleted.find((entry) => entry.kind === kind)?.count;
const kept = (report: PurgeReport, reason: string) =>
  report.kept.find((entry) => entry.reason === reason)?.count;
const rowCount = async (db: Executor, sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS rows_of`, params)).rows[0]?.n;

/** A lead of Bayside Mazda, last changed `days` ago, delivered or not. */
async function lead(
  db: Executor,
  days: number,
  options: { delivered: boolean; payload?: Record<string, unknown> },
): Promise<string> {
  const { leadId } = await createLead(db, {
    siteId: 101,
    dealershipId: 1011,
    carId: null,
    payload: { category: 'General Enquiry', email: 'jo@example.com', ...options.payload },
    idempotencyKey: null,
  });
  await db.query('UPDATE leads SET created_at = $2, updated_at = $2 WHERE lead_id = $1', [leadId, ago(days)]);
  if (options.delivered) {
    await db.query('UPDATE lead_deliveries SET delivered_at = $2 WHERE lead_id = $1', [leadId, ago(days)]);
  }
  return leadId;
}

/** A valuation with `photos` photos stored in the media folder, last changed `days` ago. */
async function valuation(db: Executor, media: MediaStore, evalId: string, days: number, photos: number) {
  await saveValuation(db, { siteId: 101, evalId, record: { EvalID: evalId, Make: 'Mazda' } });
  const { rows } = await db.query<{ id: number }>('SELECT id FROM valuations WHERE eval_id = $1', [evalId]);
  const id = rows[0]?.id ?? 0;
  const keys: string[] = [];
  for (let photo = 0; photo < photos; photo++) {
    const key = `trade-in/101/${id}/${randomUUID()}.jpg`;
    const stored = await media.put(key, [Buffer.from(`photo ${photo}`)]);
    await addValuationImage(
      db,
      101,
      id,
      {
        storage_key: key,
        kind: 'jpeg',
        content_type: 'image/jpeg',
        size: stored.size,
        sha256: stored.sha256,
      },
      10,
    );
    keys.push(key);
  }
  await db.query('UPDATE valuations SET updated_at = $2, created_at = $2 WHERE id = $1', [id, ago(days)]);
  await db.query('UPDATE valuation_images SET created_at = $2 WHERE valuation_id = $1', [id, ago(days)]);
  return keys;
}

async function user(db: Executor, email: string, days: number, confirmed: boolean): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO users (site_id, email, created_at, email_confirmed_at) VALUES (101, $1, $2, $3) RETURNING id',
    [email, ago(days), confirmed ? ago(days) : null],
  );
  return rows[0]?.id ?? 0;
}

async function reservation(
  db: Executor,
  carId: number,
  status: string,
  days: number,
  leadId: string | null,
  paymentState = 'cancelled',
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO reservations (id, site_id, dealership_id, car_id, status, amount_cents, currency, processor,
       idempotency_key, customer, lead_id, created_at, updated_at, payment_state)
     VALUES ($1, 101, 1011, $2, $3, 20000, 'aud', 'local', $4, '{"name":"Sam"}'::jsonb, $5, $6, $6, $7)`,
    [id, carId, status, randomUUID(), leadId, ago(days), paymentState],
  );
  return id;
}

describe.each(testDrivers('purge'))('npm run purge on $name', (driver) => {
  let store: TestStore;
  let media: MediaStore;
  const ids: Record<string, string> = {};
  let oldPhotos: string[] = [];
  let abandonedPhotos: string[] = [];
  let recentPhotos: string[] = [];
  let dryRun: PurgeReport;
  let report: PurgeReport;

  beforeAll(async () => {
    store = await driver.open();
    media = localMediaStore(mkdtempSync(join(tmpdir(), 'fc-purge-media-')));
    const { db } = store;
    // Leads three years old: delivered (a trade-in naming its valuation), undelivered, named by a
    // held reservation, with a test drive to come, and one whose test drive is past.
    ids.tradeIn = await lead(db, 1100, {
      delivered: true,
      payload: { category: 'Trade-in Enquiry', EvalID: 'EV-OLD' },
    });
    oldPhotos = await valuation(db, media, 'EV-OLD', 1100, 2);
    ids.undelivered = await lead(db, 1100, { delivered: false });
    ids.reserved = await lead(db, 1100, { delivered: true });
    await reservation(db, 9001, 'held', 1100, ids.reserved);
    ids.drivePast = await lead(db, 1100, { delivered: true });
    ids.driveToCome = await lead(db, 1100, { delivered: true });
    await db.query(
      `INSERT INTO test_drive_bookings (site_id, location_slug, slot_start, lead_id)
       VALUES (101, 'main', $1, $2), (101, 'main', $3, $4)`,
      [ago(1099), ids.drivePast, new Date(NOW.getTime() + 86_400_000).toISOString(), ids.driveToCome],
    );
    // A lead of last month, delivered: well inside its keeping time.
    ids.recent = await lead(db, 30, { delivered: true });
    await reservation(db, 9002, 'released', 1100, null);
    await reservation(db, 9003, 'confirmed', 30, null);
    // Ended three years ago, but its deposit's cancel is still to be sent, or an operator must act.
    ids.cancelOwed = await reservation(db, 9004, 'released', 1100, null, 'authorised');
    await db.query(
      `INSERT INTO payment_actions (reservation_id, processor, intent_id, action) VALUES ($1, 'local', 'pi_local_owed', 'cancel')`,
      [ids.cancelOwed],
    );
    ids.attention = await reservation(db, 9005, 'released', 1100, null, 'needs_attention');
    await db.query(
      `INSERT INTO payment_events (id, type, intent_id, received_at) VALUES
         ('evt_old', 'payment_intent.canceled', 'pi_1', $1), ('evt_recent', 'payment_intent.canceled', 'pi_2', $2)`,
      [ago(420), ago(10)],
    );
    await db.query(
      "INSERT INTO site_records (site_id, column_name, payload, created_at) VALUES (101, 'valuation', '{}'::jsonb, $1), (101, 'valuation', '{}'::jsonb, $2)",
      [ago(1100), ago(30)],
    );
    // Trade-ins never sent as a lead: one of two months ago, one of last week.
    abandonedPhotos = await valuation(db, media, 'EV-ABANDONED', 60, 1);
    recentPhotos = await valuation(db, media, 'EV-RECENT', 7, 1);
    // Accounts: confirmed long ago; unconfirmed with only an expired link; unconfirmed and recent.
    const confirmed = await user(db, 'kept@example.com', 900, true);
    const stranger = await user(db, 'stranger@example.com', 60, false);
    await user(db, 'new@example.com', 2, false);
    await db.query(
      `INSERT INTO account_links (token_hash, user_id, purpose, expires_at) VALUES
         ('expired-link', $1, 'confirm', $2), ('live-link', $3, 'reset', $4)`,
      [stranger, ago(59), confirmed, new Date(NOW.getTime() + 3_600_000).toISOString()],
    );
    await db.query(
      `INSERT INTO sessions (token_hash, user_id, site_id, expires_at) VALUES
         ('expired-session', $1, 101, $2), ('live-session', $1, 101, $3)`,
      [confirmed, ago(1), new Date(NOW.getTime() + 86_400_000).toISOString()],
    );
    await db.query(
      'INSERT INTO analytics_events (site_id, event_id, path, created_at) VALUES (101, 1, $1, $2), (101, 1, $1, $3)',
      ['/', ago(420), ago(10)],
    );
    await db.query(
      'INSERT INTO phone_reveals (car_id, dealership_id, website_id, revealed_at) VALUES (1, 1011, 101, $1), (1, 1011, 101, $2)',
      [ago(420), ago(10)],
    );
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO saved_searches (user_id, name, href, origin, search, key, frequency)
       VALUES ($1, 'Utes', '/search', 'http://bayside-mazda.localhost', '{}'::jsonb, 'utes', 'daily') RETURNING id`,
      [confirmed],
    );
    await db.query(
      `INSERT INTO search_alerts (saved_search_id, car_id, reason, price, created_at, sent_at) VALUES
         ($1, 1, 'new', 100, $2, $2), ($1, 2, 'new', 100, $3, $3), ($1, 3, 'new', 100, $2, NULL)`,
      [rows[0]?.id, ago(420), ago(10)],
    );

    const options = { now: NOW, keeping: keepingTimes() };
    dryRun = await purge({ db, media }, { ...options, dryRun: true });
    report = await purge({ db, media }, { ...options, dryRun: false });
  });
  afterAll(async () => {
    await store?.cleanup();
  });

  it('deletes a delivered lead past 24 months with its deliveries and past booking; keeps last month’s', async () => {
    expect(count(report, 'leads')).toBe(2);
    expect(count(report, 'lead deliveries')).toBe(2);
    expect(count(report, 'test-drive bookings')).toBe(1);
    const left = await store.db.query<{ lead_id: string }>('SELECT lead_id::text AS lead_id FROM leads');
    expect(left.rows.map((row) => row.lead_id).sort()).toEqual(
      [ids.undelivered, ids.reserved, ids.driveToCome, ids.recent].sort(),
    );
  });

  it('never deletes an undelivered lead, one a held reservation names, or one whose test drive is to come', async () => {
    expect(kept(report, 'not delivered')).toBe(1);
    expect(kept(report, 'reservation active')).toBe(1);
    expect(kept(report, 'test drive to come')).toBe(1);
    expect(await rowCount(store.db, "SELECT 1 FROM reservations WHERE status = 'held'")).toBe(1);
    expect(formatPurgeReport(report)).toContain(
      '1 lead past the keeping time but not yet delivered to the dealer (kept until delivered)',
    );
  });

  it('deletes the trade-in photos of a purged lead and of a trade-in never sent, rows and files', async () => {
    expect(count(report, 'trade-in valuations')).toBe(2);
    expect(count(report, 'trade-in photos')).toBe(3);
    expect(count(report, 'trade-in photo files')).toBe(3);
    for (const key of [...oldPhotos, ...abandonedPhotos])
      expect(await readMediaObject(media, key)).toBeNull();
    for (const key of recentPhotos) expect(await readMediaObject(media, key)).not.toBeNull();
    const left = await store.db.query<{ eval_id: string }>('SELECT eval_id FROM valuations');
    expect(left.rows.map((row) => row.eval_id)).toEqual(['EV-RECENT']);
  });

  it('deletes expired sessions and links, accounts never confirmed, ended reservations and old activity', async () => {
    expect(count(report, 'expired sessions')).toBe(1);
    expect(count(report, 'expired account links')).toBe(1);
    expect(count(report, 'unconfirmed accounts')).toBe(1);
    expect(count(report, 'ended reservations')).toBe(1);
    expect(count(report, 'saved valuations')).toBe(1);
    expect(count(report, 'analytics events')).toBe(1);
    expect(count(report, 'phone reveals')).toBe(1);
    expect(count(report, 'sent saved-search alerts')).toBe(1);
    expect(count(report, 'handled payment events')).toBe(1);
    const emails = await store.db.query<{ email: string }>('SELECT email FROM users ORDER BY email');
    expect(emails.rows.map((row) => row.email)).toEqual(['kept@example.com', 'new@example.com']);
    expect(await rowCount(store.db, 'SELECT 1 FROM search_alerts WHERE sent_at IS NULL')).toBe(1);
  });

  it('keeps an ended reservation whose deposit still has an action to send, or needs an operator', async () => {
    const left = await store.db.query<{ id: string }>('SELECT id::text AS id FROM reservations');
    expect(left.rows.map((row) => row.id)).toEqual(expect.arrayContaining([ids.cancelOwed, ids.attention]));
    expect(await rowCount(store.db, 'SELECT 1 FROM payment_actions')).toBe(1);
  });

  it('a dry run counted exactly what the purge then deleted, and deleted nothing itself', () => {
    expect(dryRun.dry_run).toBe(true);
    expect(dryRun.deleted).toEqual(report.deleted);
    expect(dryRun.kept).toEqual(report.kept);
    expect(formatPurgeReport(dryRun)).toContain('Would delete:');
  });

  it('a second purge finds nothing more; --older-than 1d reaches last month’s delivered lead', async () => {
    const again = await purge({ db: store.db, media }, { now: NOW, keeping: keepingTimes(), dryRun: false });
    expect(again.deleted.every((entry) => entry.count === 0)).toBe(true);
    const tight = await purge(
      { db: store.db, media },
      { now: NOW, keeping: keepingTimes(z.parse(keepingTimeSchema, '1d')), dryRun: false },
    );
    expect(count(tight, 'leads')).toBe(1);
    expect(count(tight, 'trade-in valuations')).toBe(1);
    expect(kept(tight, 'not delivered')).toBe(1);
  });
});

/**
 * A PDF CV of Bayside Mazda stored in the media folder `hours` before NOW; claimed `claimed.hours`
 * before NOW, by `claimed.lead` when its enquiry was stored, or never claimed.
 */
async function careersCv(
  db: Executor,
  media: MediaStore,
  hours: number,
  claimed?: { hours: number; lead?: string },
): Promise<{ id: string; key: string }> {
  const id = randomUUID();
  const key = `careers/101/${id}.pdf`;
  const stored = await media.put(key, [Buffer.from(`%PDF- CV ${id}`)]);
  await addCareersCv(db, {
    id,
    site_id: 101,
    storage_key: key,
    kind: 'pdf',
    content_type: 'application/pdf',
    display_name: 'cv.pdf',
    size: stored.size,
    sha256: stored.sha256,
  });
  const at = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
  await db.query('UPDATE careers_cvs SET created_at = $2, claimed_at = $3, lead_id = $4 WHERE id = $1', [
    id,
    at(hours),
    claimed ? at(claimed.hours) : null,
    claimed?.lead ?? null,
  ]);
  return { id, key };
}

describe.each(testDrivers('purge-cvs'))('npm run purge and careers CVs on $name', (driver) => {
  let store: TestStore;
  let media: MediaStore;
  const cvs: Record<string, { id: string; key: string }> = {};
  let report: PurgeReport;

  beforeAll(async () => {
    store = await driver.open();
    media = localMediaStore(mkdtempSync(join(tmpdir(), 'fc-purge-cvs-')));
    const { db } = store;
    const careers = { category: 'General Enquiry', subcategory: 'Career Enquiry' };
    const purged = await lead(db, 1100, { delivered: true, payload: careers });
    const undelivered = await lead(db, 1100, { delivered: false, payload: careers });
    const recent = await lead(db, 30, { delivered: true, payload: careers });
    // Never claimed: past the two-hour claim window, and still inside it.
    cvs.unclaimed = await careersCv(db, media, 3);
    cvs.uploading = await careersCv(db, media, 1);
    // Claimed by an enquiry that was never stored (refused after the claim), long ago.
    cvs.claimedAlone = await careersCv(db, media, 5, { hours: 4 });
    // Claimed by an enquiry stored without the CV naming it back yet; one claimed an hour ago.
    cvs.claimedNamed = await careersCv(db, media, 5, { hours: 4 });
    await lead(db, 0, { delivered: true, payload: { ...careers, cv_id: cvs.claimedNamed.id.toUpperCase() } });
    cvs.claimedLately = await careersCv(db, media, 2.5, { hours: 1 });
    // With their leads: one purged now, one kept as undelivered, one of last month.
    cvs.ofPurged = await careersCv(db, media, 1100 * 24, { hours: 1100 * 24, lead: purged });
    cvs.ofUndelivered = await careersCv(db, media, 1100 * 24, { hours: 1100 * 24, lead: undelivered });
    cvs.ofRecent = await careersCv(db, media, 30 * 24, { hours: 30 * 24, lead: recent });
    report = await purge({ db, media }, { now: NOW, keeping: keepingTimes(), dryRun: false });
  });
  afterAll(async () => {
    await store?.cleanup();
  });

  it('deletes a CV never claimed in its window, one no stored enquiry names, and a purged lead’s, rows and files', async () => {
    expect(count(report, 'leads')).toBe(1);
    expect(count(report, 'careers CVs')).toBe(3);
    expect(count(report, 'careers CV files')).toBe(3);
    for (const gone of [cvs.unclaimed, cvs.claimedAlone, cvs.ofPurged]) {
      expect(await readMediaObject(media, gone?.key ?? '')).toBeNull();
    }
    const left = await store.db.query<{ id: string }>('SELECT id::text AS id FROM careers_cvs ORDER BY id');
    const kept = [cvs.uploading, cvs.claimedNamed, cvs.claimedLately, cvs.ofUndelivered, cvs.ofRecent];
    expect(left.rows.map((row) => row.id)).toEqual(kept.map((cv) => cv?.id).sort());
    for (const cv of kept) expect(await readMediaObject(media, cv?.key ?? '')).not.toBeNull();
  });

  it('takes the CV still waiting, and the one claimed lately that no enquiry followed, once their window is over', async () => {
    const later = new Date(NOW.getTime() + 2 * 3_600_000);
    const again = await purge(
      { db: store.db, media },
      { now: later, keeping: keepingTimes(), dryRun: false },
    );
    expect(count(again, 'careers CVs')).toBe(2);
    for (const gone of [cvs.uploading, cvs.claimedLately]) {
      expect(await readMediaObject(media, gone?.key ?? '')).toBeNull();
    }
    expect(formatPurgeReport(again)).toMatch(/ {2}careers CV files +2\n/);
  });
});

describe('keeping times (issue 33 item 8)', () => {
  it.each([
    ['90d', '2026-08-29T00:00:00.000Z'],
    ['12w', '2026-09-04T00:00:00.000Z'],
    ['24m', '2024-11-27T00:00:00.000Z'],
    ['2y', '2024-11-27T00:00:00.000Z'],
  ])('%s before %s', (text, before) => {
    expect(cutoffOf(z.parse(keepingTimeSchema, text), NOW).toISOString()).toBe(before);
  });

  it.each(['0d', '24', 'm24', '1.5y', '24 months', '-1d', '99999d'])('%j is refused', (text) => {
    expect(z.safeParse(keepingTimeSchema, text).success).toBe(false);
  });

  it('the defaults: leads 24 months, activity 13 months, unfinished 30 days', () => {
    const defaults = keepingTimes();
    expect([defaults.leads.text, defaults.activity.text, defaults.unfinished.text]).toEqual([
      '24m',
      '13m',
      '30d',
    ]);
  });
});

describe('POST /api/admin/purge, for the command while a server holds the store', () => {
  it('answers a dry run with the admin token only, and refuses a keeping time it cannot read', async () => {
    const db = await openStore({ dataDir: IN_MEMORY });
    try {
      const app = purgeAdminRoutes({
        db,
        media: localMediaStore(mkdtempSync(join(tmpdir(), 'fc-purge-route-'))),
        adminToken: 'admin-token',
        now: () => NOW,
      });
      const post = (body: unknown, token = 'admin-token') =>
        app.request('/purge', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await post({ dry_run: true }, 'wrong')).status).toBe(401);
      const answer = await post({ older_than: '90d', dry_run: true });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as PurgeReport;
      expect(body).toMatchObject({ dry_run: true, keeping: { leads: { text: '90d' } } });
      // As every body the server reads: 422 naming the field.
      const refused = await post({ older_than: '90 days' });
      expect(refused.status).toBe(422);
      expect(
        ((await refused.json()) as { error: { fields?: Record<string, string> } }).error.fields,
      ).toHaveProperty('older_than');
    } finally {
      await db.close();
    }
  });
});

describe('npm run purge, with no server holding the store', () => {
  const CLI = fileURLToPath(new URL('../../../server/cli/purge.ts', import.meta.url));
  const dataDir = mkdtempSync(join(tmpdir(), 'fc-purge-cli-'));
  const run = (args: string[]) => {
    const { PORT: _port, DATABASE_URL: _url, ...env } = process.env;
    return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', CLI, ...args],
        { env: { ...env, DATA_DIR: dataDir } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  };
  beforeAll(async () => {
    const db = await openStore({ dataDir: join(dataDir, 'pglite') });
    await lead(db, 1100, { delivered: true });
    await db.query("UPDATE leads SET updated_at = now() - interval '3 years'");
    await db.close();
  }, 60_000);

  it('--dry-run prints what it would delete; the purge deletes it; a bad keeping time says the grammar', async () => {
    const dry = await run(['--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Would delete:');
    expect(dry.stdout).toMatch(/ {2}leads +1\n/);
    const real = await run(['--older-than', '24m']);
    expect(real.stdout).toContain('Deleted:');
    expect(real.stdout).toMatch(/ {2}leads +1\n/);
    const bad = await run(['--older-than', '2 years']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('90d (days), 12w (weeks), 24m (months) or 2y (years)');
    expect(bad.stderr).toContain('usage: npm run purge');
  }, 60_000);
});
