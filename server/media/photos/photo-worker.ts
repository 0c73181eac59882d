import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OUTBOX_LEASE_MS, retryDelaySeconds } from '../../jobs/outbox.ts';
import type { Logger } from '../../logger.ts';
import {
  claimDuePhotos,
  type DuePhoto,
  photoFailed,
  photoRetry,
  photoStored,
  photoUnchanged,
  rewriteCarPhotos,
} from '../../store/car-photos.repo.ts';
import type { Db } from '../../store/db.ts';
import type { MediaStore } from '../media-store.ts';
import { concurrencyLimit } from './concurrency.ts';
import { fetchPhoto, type PhotoFetchOptions } from './fetch-photo.ts';
import { storeMaster } from './master.ts';

/** How often the worker looks for photos due (an import also wakes it at once). */
export const PHOTO_INTERVAL_MS = 5_000;

/** Tries before a photo is given up (30 s, 1, 2 and 4 minutes apart: about 8 minutes in all). */
export const PHOTO_GIVE_UP_AFTER = 5;

/**
 * How many photos are fetched at once: a fetch mostly waits on the dealer's server (a slow one takes
 * seconds), so more fetches than decodes keep the decoding busy.
 */
const FETCH_AT_ONCE = 6;

/** How many fetched photos are decoded at once: decoding is CPU work and tens of MB each. */
const DECODE_AT_ONCE = 2;

/** What the photo worker needs. */
export interface PhotoWorkerDeps {
  db: Db;
  media: MediaStore;
  fetch: PhotoFetchOptions;
  /** Refreshes search and pages for cars whose photos changed. */
  carsChanged: (carIds: readonly number[]) => Promise<void>;
  logger?: Pick<Logger, 'info' | 'error'>;
  now?: () => Date;
  /** Where fetched files wait while they are decoded (the system's temporary folder by default). */
  tmpDir?: string;
}

/** What one photo came to. */
type Outcome = 'stored' | 'unchanged' | 'retry' | 'failed';

const isPermanent = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;

/**
 * The photo pipeline's worker (issue 35 item 1): fetches the queued photos, first photos of cars
 * first, six at a time (a slow dealer server holds one place, not the queue), decodes and stores
 * each one's master two at a time, and writes the new addresses into the cars that name them as
 * photos are stored — whatever was stored while the last refresh ran goes in the next — so the
 * first photos show while the rest are fetched. A try that fails for
 * a reason that may pass (a timeout, a 503) is retried with the outboxes' backoff, then given up; one
 * that cannot succeed (refused address, too large, not an image) is given up at once. Either way the
 * car shows the placeholder for that photo.
 */
export class PhotoWorker {
  readonly #deps: PhotoWorkerDeps;
  readonly #now: () => Date;
  readonly #decoding = concurrencyLimit(DECODE_AT_ONCE);

  constructor(deps: PhotoWorkerDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
  }

  /**
   * Fetches every photo due now, until none is due or `stopping()` says so (a server shutting down
   * does not wait for a large import's photos; the photos already being fetched finish); resolves
   * with how many were stored.
   */
  async runOnce(stopping: () => boolean = () => false): Promise<number> {
    const { db, carsChanged } = this.#deps;
    let stored = 0;
    let failure: { error: unknown } | null = null;
    const running = new Set<Promise<void>>();
    // The cars' records are refreshed one batch at a time: what is stored during one refresh waits
    // for the next, so a busy import refreshes in batches and a quiet one at once.
    let shown: string[] = [];
    let showing = Promise.resolve();
    const show = () => {
      showing = showing.then(async () => {
        const urls = shown;
        shown = [];
        if (urls.length === 0) return;
        const carIds = await rewriteCarPhotos(db, urls);
        if (carIds.length > 0) await carsChanged(carIds);
      });
      showing.catch((error: unknown) => {
        failure ??= { error };
      });
    };
    const start = (photo: DuePhoto) => {
      const work = this.#fetchOne(photo).then(
        (outcome) => {
          if (outcome !== 'stored') return;
          stored += 1;
          shown.push(photo.url);
          show();
        },
        (error: unknown) => {
          failure ??= { error };
        },
      );
      running.add(work);
      void work.finally(() => running.delete(work));
    };
    let drained = false;
    for (;;) {
      // Nothing more is claimed while the last claim found nothing and photos are still being
      // fetched: a photo given a retry comes due minutes later, not during this run.
      const claiming =
        !stopping() && !failure && running.size < FETCH_AT_ONCE && !(drained && running.size > 0);
      if (claiming) {
        const now = this.#now();
        const due = await claimDuePhotos(
          db,
          now,
          new Date(now.getTime() + OUTBOX_LEASE_MS),
          FETCH_AT_ONCE - running.size,
        );
        drained = due.length === 0;
        for (const photo of due) start(photo);
        if (!drained && running.size < FETCH_AT_ONCE) continue;
      }
      if (running.size === 0) break;
      await Promise.race(running);
    }
    await showing.catch(() => undefined);
    if (failure) throw (failure as { error: unknown }).error;
    return stored;
  }

  async #fetchOne(photo: DuePhoto): Promise<Outcome> {
    const { db, media } = this.#deps;
    const folder = await mkdtemp(join(this.#deps.tmpDir ?? tmpdir(), 'forecourt-photo-'));
    try {
      const validators = photo.hash ? { etag: photo.etag, lastModified: photo.last_modified } : null;
      const fetched = await fetchPhoto(photo.url, validators, join(folder, 'photo'), this.#deps.fetch);
      if (fetched.kind === 'notModified') {
        await photoUnchanged(db, photo.url, this.#now());
        return 'unchanged';
      }
      const master = await this.#decoding(() => storeMaster(join(folder, 'photo'), media));
      await photoStored(db, photo.url, { ...master, ...fetched.validators }, this.#now());
      return master.hash === photo.hash ? 'unchanged' : 'stored';
    } catch (failure) {
      const attempts = photo.attempts + 1;
      const error = (failure instanceof Error ? failure.message : String(failure)).slice(0, 1000);
      // The address is the feed's, never logged whole: it may carry a dealer's signed query.
      const where = { photo: photo.url.split('?')[0]?.slice(0, 200), attempts, error };
      if (isPermanent(failure) || attempts >= PHOTO_GIVE_UP_AFTER) {
        await photoFailed(db, photo.url, { attempts, error }, this.#now());
        this.#deps.logger?.info('Stock photo not fetched; given up', where);
        return 'failed';
      }
      const retryAt = new Date(this.#now().getTime() + retryDelaySeconds(attempts) * 1000);
      await photoRetry(db, photo.url, { attempts, error, retryAt });
      this.#deps.logger?.info('Stock photo not fetched; will retry', {
        ...where,
        retry_at: retryAt.toISOString(),
      });
      return 'retry';
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}
