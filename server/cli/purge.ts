import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod/mini';
import { purgeEndpoint } from '../../domain/contracts/retention.ts';
import { keepingTimeSchema, keepingTimes } from '../../domain/retention.ts';
import { mediaStoreFromEnv } from '../media/s3-media-store.ts';
import { purge } from '../retention/purge.ts';
import { formatPurgeReport } from '../retention/report-text.ts';
import { findStoreOwner, StoreHeldError } from '../store/store-owner.ts';
import { askHoldingServer, DATA_DIR, withOwnStore } from './holding-server.ts';

/**
 * `npm run purge -- [--older-than <90d|12w|24m|2y>] [--dry-run]`: deletes what is past its keeping
 * time (issue 33 item 8; the defaults and what each covers are in `domain/retention.ts` and
 * docs/deploy.md) and prints what it deleted of each kind; `--dry-run` prints what it would delete.
 * Through the server that holds the store of this data folder when one runs, like `npm run leads`;
 * else on the store itself (PostgreSQL with `DATABASE_URL`), deleting photo files from
 * `<DATA_DIR>/media` on this machine.
 */
const USAGE = 'usage: npm run purge -- [--older-than <90d|12w|24m|2y>] [--dry-run]';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'older-than': { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  });
  if (positionals.length > 0) throw new Error(USAGE);
  const olderThan = values['older-than'];
  const parsed = olderThan === undefined ? undefined : z.safeParse(keepingTimeSchema, olderThan);
  if (parsed && !parsed.success) {
    throw new Error(`--older-than ${olderThan}: ${parsed.error.issues[0]?.message}; ${USAGE}`);
  }
  const dryRun = values['dry-run'];
  const owner = findStoreOwner(DATA_DIR);
  if (owner && !owner.url) throw new StoreHeldError(DATA_DIR, owner);
  if (owner?.url) {
    const report = z.parse(
      purgeEndpoint.answer,
      await askHoldingServer({ ...owner, url: owner.url }, purgeEndpoint.path, {
        method: 'POST',
        body: { ...(olderThan ? { older_than: olderThan } : {}), dry_run: dryRun },
      }),
    );
    process.stdout.write(formatPurgeReport(report));
    if (report.failures.length > 0) process.exitCode = 1;
    return;
  }
  const media = await mediaStoreFromEnv({ ...process.env, DATA_DIR }, join(DATA_DIR, 'media'));
  const report = await withOwnStore('purge', (db) =>
    purge({ db, media }, { now: new Date(), keeping: keepingTimes(parsed?.data), dryRun }),
  );
  process.stdout.write(formatPurgeReport(report));
  if (report.failures.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
