import type { Car } from '../../domain/car.ts';
import {
  PHOTO_DEFAULT_WIDTH,
  PHOTO_PLACEHOLDER,
  PHOTO_THUMBNAIL_WIDTH,
  photoAddress,
} from '../../domain/photo-address.ts';
import type { Executor } from './db.ts';

/** One of a car's photo fields as its feed gave it (migration 020's `car_photos`). */
export interface CarPhotoEntry {
  car_id: number;
  field: 'primary' | 'image';
  position: number;
  url: string;
}

/** A photo of a feed's that the pipeline fetches: an http(s) address (a site path is served as it is). */
export const isRemotePhoto = (url: string) => /^https?:\/\//i.test(url);

/** A car's photo entries: its `primary_image_url`, and its `images` (its `thumbnails` when it has none). */
export function photoEntriesOf(car: Car): CarPhotoEntry[] {
  const images = car.images.length > 0 ? car.images : car.thumbnails;
  return [
    ...(car.primary_image_url
      ? [{ car_id: car.id, field: 'primary' as const, position: 0, url: car.primary_image_url }]
      : []),
    ...images.map((url, position) => ({ car_id: car.id, field: 'image' as const, position, url })),
  ];
}

/** What the store knows of a stored photo: its master's hash and its thumbhash (null before migration 027). */
export interface StoredPhoto {
  hash: string;
  thumbhash: string | null;
}

/** What a car's records show for a photo: its address once stored, the placeholder until then. */
function served(
  url: string,
  storedOf: ReadonlyMap<string, StoredPhoto>,
  width: typeof PHOTO_DEFAULT_WIDTH | typeof PHOTO_THUMBNAIL_WIDTH,
) {
  if (!isRemotePhoto(url)) return url;
  const stored = storedOf.get(url);
  return stored ? photoAddress(stored.hash, width) : PHOTO_PLACEHOLDER;
}

/** A photo's thumbhash once stored; null for a site path, a photo not stored yet, or one without. */
const thumbhashOf = (url: string, storedOf: ReadonlyMap<string, StoredPhoto>) =>
  (isRemotePhoto(url) && storedOf.get(url)?.thumbhash) || null;

/**
 * The photo fields a car's records carry, from its feed entries (issue 35 item 2): each remote photo
 * as its same-origin address (960 wide in `images` and `primary_image_url`, 320 in `thumbnails`), or
 * the placeholder while it is not stored; site paths as they are. The feed's own thumbnails are never
 * fetched: the pipeline makes every width from the image itself. Each stored photo's thumbhash goes
 * beside it (`primary_image_thumbhash`, and `image_thumbhashes` in the order of `images`; item 3).
 */
export function servedPhotoFields(
  entries: readonly CarPhotoEntry[],
  storedOf: ReadonlyMap<string, StoredPhoto>,
): Pick<
  Car,
  'images' | 'thumbnails' | 'primary_image_url' | 'primary_image_thumbhash' | 'image_thumbhashes'
> {
  const images = entries
    .filter((entry) => entry.field === 'image')
    .sort((a, b) => a.position - b.position)
    .map((entry) => entry.url);
  const primary = entries.find((entry) => entry.field === 'primary')?.url ?? null;
  return {
    images: images.map((url) => served(url, storedOf, PHOTO_DEFAULT_WIDTH)),
    thumbnails: images.map((url) => served(url, storedOf, PHOTO_THUMBNAIL_WIDTH)),
    primary_image_url: primary === null ? null : served(primary, storedOf, PHOTO_DEFAULT_WIDTH),
    primary_image_thumbhash: primary === null ? null : thumbhashOf(primary, storedOf),
    image_thumbhashes: images.map((url) => thumbhashOf(url, storedOf)),
  };
}

function byCarId(entries: readonly CarPhotoEntry[]): Map<number, CarPhotoEntry[]> {
  const groups = new Map<number, CarPhotoEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.car_id);
    if (group) group.push(entry);
    else groups.set(entry.car_id, [entry]);
  }
  return groups;
}

async function storedPhotos(q: Executor, urls: readonly string[]): Promise<Map<string, StoredPhoto>> {
  const { rows } = await q.query<{ url: string; hash: string; thumbhash: string | null }>(
    'SELECT url, hash, thumbhash FROM photo_sources WHERE url = ANY($1::text[]) AND hash IS NOT NULL',
    [urls],
  );
  return new Map(rows.map((row) => [row.url, { hash: row.hash, thumbhash: row.thumbhash }]));
}

/** What an import did with its cars' photos. */
export interface QueuedPhotos {
  /** The cars as they are stored: their photo fields as served. */
  cars: Car[];
  /** How many remote photos the cars name. */
  named: number;
  /** How many of them wait to be fetched. */
  queued: number;
  /** The cars with a photo that could not be fetched (each shows the placeholder for it). */
  failedCars: number[];
}

/**
 * Records the imported cars' photos (issue 35 item 1) in the import's transaction: each car's feed
 * entries, and each remote address queued unless it is known: a stored photo is not fetched again
 * until `recheckMs` has passed since the origin last answered for it (then it is asked conditionally),
 * nor is one that failed tried again before then. The first photo of each car is fetched first.
 * Answers the cars with the photo fields they are stored and served with, and the cars whose photos
 * had failed.
 */
export async function queueCarPhotos(
  tx: Executor,
  cars: readonly Car[],
  options: { now: Date; recheckMs: number },
): Promise<QueuedPhotos> {
  // Only cars with a photo to fetch are recorded: a car of site paths alone is stored as it came.
  const entries = cars.flatMap((car) => {
    const own = photoEntriesOf(car);
    return own.some((entry) => isRemotePhoto(entry.url)) ? own : [];
  });
  const remote = new Map<string, number>();
  for (const entry of entries) {
    if (!isRemotePhoto(entry.url)) continue;
    const priority = entry.field === 'primary' ? 0 : entry.position;
    remote.set(entry.url, Math.min(priority, remote.get(entry.url) ?? priority));
  }
  const ids = cars.map((car) => car.id);
  await tx.query('DELETE FROM car_photos WHERE car_id = ANY($1::int[])', [ids]);
  if (entries.length > 0) {
    await tx.query(
      `INSERT INTO car_photos (car_id, field, position, url)
       SELECT (e->>'car_id')::int, e->>'field', (e->>'position')::int, e->>'url'
         FROM jsonb_array_elements($1::jsonb) AS e
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(entries)],
    );
  }
  // The cars whose photos failed, as the import found them (one is tried again below after a day).
  const { rows: failed } = await tx.query<{ car_id: number }>(
    `SELECT DISTINCT cp.car_id FROM car_photos cp JOIN photo_sources ps ON ps.url = cp.url
      WHERE cp.car_id = ANY($1::int[]) AND ps.state = 'failed' ORDER BY cp.car_id`,
    [ids],
  );
  let queued = 0;
  if (remote.size > 0) {
    const stale = new Date(options.now.getTime() - options.recheckMs);
    const { rows } = await tx.query<{ queued: number }>(
      `WITH named AS (
         SELECT e->>'url' AS url, (e->>'priority')::int AS priority FROM jsonb_array_elements($1::jsonb) AS e
       ), upserted AS (
         INSERT INTO photo_sources (url, priority, next_attempt_at)
         SELECT url, priority, $2::timestamptz FROM named
         ON CONFLICT (url) DO UPDATE SET
           priority = LEAST(photo_sources.priority, EXCLUDED.priority),
           state = CASE WHEN photo_sources.state <> 'queued' AND photo_sources.checked_at <= $3
                        THEN 'queued' ELSE photo_sources.state END,
           attempts = CASE WHEN photo_sources.state <> 'queued' AND photo_sources.checked_at <= $3
                           THEN 0 ELSE photo_sources.attempts END,
           next_attempt_at = CASE WHEN photo_sources.state <> 'queued' AND photo_sources.checked_at <= $3
                                  THEN $2 ELSE photo_sources.next_attempt_at END
         RETURNING state
       )
       SELECT count(*) FILTER (WHERE state = 'queued')::int AS queued FROM upserted`,
      [JSON.stringify([...remote].map(([url, priority]) => ({ url, priority }))), options.now, stale],
    );
    queued = rows[0]?.queued ?? 0;
  }
  const storedOf = await storedPhotos(tx, [...remote.keys()]);
  const byCar = byCarId(entries);
  return {
    cars: cars.map((car) => {
      const own = byCar.get(car.id) ?? [];
      return own.length > 0 ? { ...car, ...servedPhotoFields(own, storedOf) } : car;
    }),
    named: remote.size,
    queued,
    failedCars: failed.map((row) => row.car_id),
  };
}

/** Forgets the photo entries of cars no longer in the store (after a replacing import). */
export async function forgetRemovedCarPhotos(tx: Executor): Promise<void> {
  await tx.query('DELETE FROM car_photos cp WHERE NOT EXISTS (SELECT 1 FROM cars c WHERE c.id = cp.car_id)');
}

/** A photo due to be fetched. */
export interface DuePhoto {
  url: string;
  attempts: number;
  etag: string | null;
  last_modified: string | null;
  hash: string | null;
}

/**
 * Claims up to `limit` photos due at `now`, first photos of cars first; each is held until
 * `leaseUntil` (two processes never fetch one at once; a crash frees it when the lease ends).
 */
export async function claimDuePhotos(
  q: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<DuePhoto[]> {
  const { rows } = await q.query<DuePhoto>(
    `WITH due AS (
       SELECT url FROM photo_sources WHERE state = 'queued' AND next_attempt_at <= $1
        ORDER BY priority, next_attempt_at, url LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     UPDATE photo_sources ps SET next_attempt_at = $3 FROM due WHERE ps.url = due.url
     RETURNING ps.url, ps.attempts, ps.etag, ps.last_modified, ps.hash`,
    [now, limit, leaseUntil],
  );
  return rows;
}

/**
 * Records a photo stored: its master's hash, size and thumbhash, and what the origin said of it; the
 * master is recorded as in use (`photo_masters`).
 */
export async function photoStored(
  q: Executor,
  url: string,
  stored: {
    hash: string;
    width: number;
    height: number;
    thumbhash: string;
    etag: string | null;
    lastModified: string | null;
  },
  now: Date,
): Promise<void> {
  await q.query(
    `WITH master AS (
       INSERT INTO photo_masters (hash, stored_at) VALUES ($2, $7)
       ON CONFLICT (hash) DO UPDATE SET unused_since = NULL
     )
     UPDATE photo_sources SET state = 'ready', hash = $2, width = $3, height = $4, etag = $5,
            last_modified = $6, checked_at = $7, attempts = 0, last_error = NULL, thumbhash = $8 WHERE url = $1`,
    [url, stored.hash, stored.width, stored.height, stored.etag, stored.lastModified, now, stored.thumbhash],
  );
}

/** Records a photo the origin says has not changed. */
export async function photoUnchanged(q: Executor, url: string, now: Date): Promise<void> {
  await q.query(
    `UPDATE photo_sources SET state = 'ready', checked_at = $2, attempts = 0, last_error = NULL WHERE url = $1`,
    [url, now],
  );
}

/** Records a failed try, and when the next is due. */
export async function photoRetry(
  q: Executor,
  url: string,
  failure: { attempts: number; error: string; retryAt: Date },
): Promise<void> {
  await q.query(
    'UPDATE photo_sources SET attempts = $2, last_error = $3, next_attempt_at = $4 WHERE url = $1',
    [url, failure.attempts, failure.error, failure.retryAt],
  );
}

/**
 * Records a photo given up: its cars show the placeholder for it (or the photo stored before, when a
 * changed one could not be fetched), and an import names them.
 */
export async function photoFailed(
  q: Executor,
  url: string,
  failure: { attempts: number; error: string },
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE photo_sources SET state = 'failed', attempts = $2, last_error = $3, checked_at = $4 WHERE url = $1`,
    [url, failure.attempts, failure.error, now],
  );
}

/**
 * Writes the served photo fields into the cars that name any of `urls` (a photo has just been
 * stored) and answers their ids, so search and pages can be refreshed.
 */
export async function rewriteCarPhotos(q: Executor, urls: readonly string[]): Promise<number[]> {
  if (urls.length === 0) return [];
  return q.transaction(async (tx) => {
    const { rows: entries } = await tx.query<CarPhotoEntry>(
      `SELECT car_id, field, position, url FROM car_photos
        WHERE car_id IN (SELECT car_id FROM car_photos WHERE url = ANY($1::text[]))`,
      [urls],
    );
    if (entries.length === 0) return [];
    const storedOf = await storedPhotos(tx, [...new Set(entries.map((entry) => entry.url))]);
    const patches = [...byCarId(entries)].map(([id, own]) => ({
      id,
      patch: servedPhotoFields(own, storedOf),
    }));
    const { rows } = await tx.query<{ id: number }>(
      `UPDATE cars c SET data = c.data || p.patch
         FROM (SELECT (e->>'id')::int AS id, e->'patch' AS patch FROM jsonb_array_elements($1::jsonb) AS e) p
        WHERE c.id = p.id RETURNING c.id`,
      [JSON.stringify(patches)],
    );
    return rows.map((row) => row.id).sort((a, b) => a - b);
  });
}

/** A photo's state (operators and tests). */
export async function photoSource(
  q: Executor,
  url: string,
): Promise<{ state: string; attempts: number; hash: string | null; last_error: string | null } | null> {
  const { rows } = await q.query<{
    state: string;
    attempts: number;
    hash: string | null;
    last_error: string | null;
  }>('SELECT state, attempts, hash, last_error FROM photo_sources WHERE url = $1', [url]);
  return rows[0] ?? null;
}

/** The masters some car's photo entry leads to (through the address it names). */
const MASTERS_IN_USE = `SELECT ps.hash FROM photo_sources ps
  WHERE ps.hash IS NOT NULL AND EXISTS (SELECT 1 FROM car_photos cp WHERE cp.url = ps.url)`;

/**
 * Marks the masters no car names any more as unused since `now`, and unmarks those named again
 * (a car re-imported within the grace period keeps its photo).
 */
export async function markUnusedMasters(q: Executor, now: Date): Promise<void> {
  await q.query(
    `UPDATE photo_masters SET unused_since = $1
      WHERE unused_since IS NULL AND hash NOT IN (${MASTERS_IN_USE})`,
    [now],
  );
  await q.query(`UPDATE photo_masters SET unused_since = NULL
      WHERE unused_since IS NOT NULL AND hash IN (${MASTERS_IN_USE})`);
}

/**
 * Takes up to `limit` masters unused since before `before` out of the records, with the addresses
 * that led to them (a car naming one again has it fetched anew), and answers their hashes: the caller
 * deletes their files. One named again meanwhile is kept.
 */
export async function takeUnusedMasters(q: Executor, before: Date, limit: number): Promise<string[]> {
  return q.transaction(async (tx) => {
    const { rows } = await tx.query<{ hash: string }>(
      `DELETE FROM photo_masters WHERE hash IN (
         SELECT hash FROM photo_masters WHERE unused_since <= $1 AND hash NOT IN (${MASTERS_IN_USE})
          ORDER BY unused_since, hash LIMIT $2
       ) RETURNING hash`,
      [before, limit],
    );
    const hashes = rows.map((row) => row.hash);
    if (hashes.length > 0) {
      await tx.query(
        `DELETE FROM photo_sources ps WHERE ps.hash = ANY($1::text[])
            AND NOT EXISTS (SELECT 1 FROM car_photos cp WHERE cp.url = ps.url)`,
        [hashes],
      );
    }
    return hashes.sort();
  });
}
