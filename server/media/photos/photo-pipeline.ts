import type { Hono } from 'hono';
import { every, type Job } from '../../jobs/every.ts';
import type { Logger } from '../../logger.ts';
import type { Db } from '../../store/db.ts';
import type { MediaStore } from '../media-store.ts';
import { parseAllowHosts } from './address-policy.ts';
import { PHOTO_FETCH_LIMITS, type ResolveHost } from './fetch-photo.ts';
import { photoRoutes } from './photo.routes.ts';
import { PHOTO_INTERVAL_MS, PhotoWorker } from './photo-worker.ts';
import { sweepUnusedMasters, UNUSED_MASTER_SWEEP_MS } from './unused-masters.ts';

/** The stock-photo pipeline of a running server: its `/media/photos` routes and its worker. */
export interface PhotoPipeline {
  /** Mount at `/media/photos`, before the demo's `/media` drawings. */
  mount: { path: string; app: Hono };
  /** Fetches what is due now (after an import); the worker also looks every few seconds. */
  job: Job<number>;
  /** Deletes masters no car has named for the grace period (hourly; `unused-masters.ts`). */
  sweep: Job<number>;
  /** Stops the worker after the photos it is fetching (not the whole queue). */
  stop(): Promise<void>;
}

/**
 * Starts the photo pipeline (issue 35 items 1–2, decision 122): the worker that fetches the photos
 * imports queue, the hourly sweep that deletes masters no car names any more, and the routes that
 * serve them. `PHOTO_FETCH_ALLOW_HOSTS` names the hosts exempt from
 * the address check.
 */
export function startPhotoPipeline(deps: {
  env: { PHOTO_FETCH_ALLOW_HOSTS?: string | undefined };
  db: Db;
  media: MediaStore;
  carsChanged: (carIds: readonly number[]) => Promise<void>;
  logger: Pick<Logger, 'info' | 'error'>;
  resolve?: ResolveHost;
}): PhotoPipeline {
  const worker = new PhotoWorker({
    db: deps.db,
    media: deps.media,
    carsChanged: deps.carsChanged,
    logger: deps.logger,
    fetch: {
      ...PHOTO_FETCH_LIMITS,
      allowHosts: parseAllowHosts(deps.env.PHOTO_FETCH_ALLOW_HOSTS),
      ...(deps.resolve ? { resolve: deps.resolve } : {}),
    },
  });
  let stopping = false;
  const job = every(PHOTO_INTERVAL_MS, () => worker.runOnce(() => stopping), {
    onError: (error) => deps.logger.error('Fetching stock photos failed', error),
  });
  const sweep = every(
    UNUSED_MASTER_SWEEP_MS,
    () => sweepUnusedMasters({ db: deps.db, media: deps.media, now: new Date(), logger: deps.logger }),
    { onError: (error) => deps.logger.error('Deleting unused stock photos failed', error) },
  );
  return {
    mount: { path: '/media/photos', app: photoRoutes(deps.media) },
    job,
    sweep,
    stop: async () => {
      stopping = true;
      await Promise.all([job.stop(), sweep.stop()]);
    },
  };
}
