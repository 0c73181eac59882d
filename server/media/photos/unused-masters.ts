import { PHOTO_WIDTHS } from '../../../domain/photo-address.ts';
import type { Logger } from '../../logger.ts';
import { markUnusedMasters, takeUnusedMasters } from '../../store/car-photos.repo.ts';
import type { Db } from '../../store/db.ts';
import type { MediaStore } from '../media-store.ts';
import { masterKey } from './master.ts';
import { type PhotoFormat, variantKey } from './photo.routes.ts';

/**
 * How long a master no car names is kept before it is deleted: 30 days. Pages, search records and
 * sent emails (search alerts, lead emails) name a photo by its address; a car re-imported within
 * this time keeps its photo without fetching it again, and an email a month old still shows it.
 */
export const UNUSED_MASTER_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

/** How often the sweep runs (in the photo pipeline's own job). */
export const UNUSED_MASTER_SWEEP_MS = 60 * 60 * 1000;

/** Masters deleted per round of the sweep (each is 16 deletes in the storage). */
const AT_ONCE = 50;

const FORMATS: readonly PhotoFormat[] = ['avif', 'webp', 'jpeg'];

/** Every key a stored photo may have in the media storage: its master and each variant made from it. */
export const photoKeys = (hash: string): string[] => [
  masterKey(hash),
  ...PHOTO_WIDTHS.flatMap((width) => FORMATS.map((format) => variantKey(hash, width, format))),
];

/**
 * Deletes the masters no car names any more (issue 35, decision 122): marks each master that no
 * car's photo entry leads to as unused since now, and deletes those unused for `graceMs` from the
 * media storage (the folder or the bucket), with every variant made from them. Resolves with how
 * many were deleted. The records go first, in a transaction that checks again that no car names
 * them, then the files: a crash in between leaves only files no record names, not an address that
 * answers 404.
 */
export async function sweepUnusedMasters(deps: {
  db: Db;
  media: MediaStore;
  now: Date;
  graceMs?: number;
  logger?: Pick<Logger, 'info'>;
}): Promise<number> {
  await markUnusedMasters(deps.db, deps.now);
  const before = new Date(deps.now.getTime() - (deps.graceMs ?? UNUSED_MASTER_GRACE_MS));
  let deleted = 0;
  for (;;) {
    const hashes = await takeUnusedMasters(deps.db, before, AT_ONCE);
    for (const hash of hashes) {
      for (const key of photoKeys(hash)) await deps.media.delete(key);
    }
    deleted += hashes.length;
    if (hashes.length < AT_ONCE) break;
  }
  if (deleted > 0) deps.logger?.info('Unused stock photos deleted', { masters: deleted });
  return deleted;
}
