import type { StockFeed, StockRun } from '../../../domain/contracts/console-stock.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import { every, type Job } from '../../jobs/every.ts';
import type { Logger } from '../../logger.ts';
import type { AllowedHost } from '../../media/photos/address-policy.ts';
import type { ResolveHost } from '../../media/photos/fetch-photo.ts';
import type { Db } from '../../store/db.ts';
import { getCsvMapping, getStockRun, insertStockRun, takeDueFeeds } from '../../store/stock-console.repo.ts';
import { FeedFetchError, fetchFeed } from './feed-fetch.ts';
import { readStockFile, StockFileError } from './stock-file.ts';
import { runConsoleImport } from './stock-import.ts';

/** How often the server looks for feeds that are due (each has its own schedule, in minutes). */
export const FEED_CHECK_INTERVAL_MS = 60_000;

/** What pulling feeds needs. */
export interface StockFeedDeps {
  db: Db;
  sites: readonly SiteConfig[];
  /** Hosts exempt from the address check, as for photos (`PHOTO_FETCH_ALLOW_HOSTS`). */
  allowHosts: readonly AllowedHost[];
  /** Runs after a committed import (search and pages follow). */
  afterImport: () => Promise<void>;
  now: () => Date;
  resolve?: ResolveHost;
}

/**
 * Pulls one dealer's feed and imports it (a CSV through the dealer's saved mapping); answers the run.
 * A pull that brings nothing importable — the fetch failed, the file cannot be read, a CSV without a
 * mapping, or the import itself — is stored as a failed run saying why, and nothing changes.
 */
export async function pullFeed(
  deps: StockFeedDeps,
  site: SiteConfig,
  feed: StockFeed,
  staffId: number | null,
): Promise<StockRun> {
  const now = deps.now();
  try {
    const content = await fetchFeed(feed.url, {
      allowHosts: deps.allowHosts,
      ...(deps.resolve ? { resolve: deps.resolve } : {}),
    });
    const mapping = feed.format === 'csv' ? await getCsvMapping(deps.db, site.id) : null;
    const file = readStockFile(feed.format, content, mapping);
    return await runConsoleImport(
      deps.db,
      { site, staffId, source: 'feed', format: feed.format, file, replace: feed.replace, now },
      deps.afterImport,
    );
  } catch (error) {
    const known = error instanceof FeedFetchError || error instanceof StockFileError;
    const id = await insertStockRun(deps.db, {
      siteId: site.id,
      source: 'feed',
      format: feed.format,
      staffId,
      report: null,
      error: known ? error.message : `the import failed: ${(error as Error).message}`,
      at: now,
    });
    return (await getStockRun(deps.db, id)) as StockRun;
  }
}

/** Pulls every feed that is due, one after another; answers how many were pulled. */
export async function pullDueFeeds(deps: StockFeedDeps): Promise<number> {
  const due = await takeDueFeeds(deps.db, deps.now());
  let pulled = 0;
  for (const feed of due) {
    const site = deps.sites.find((s) => s.id === feed.site_id);
    if (!site) continue;
    await pullFeed(deps, site, feed, null);
    pulled += 1;
  }
  return pulled;
}

/** The server's feed job (`every`): each minute, the feeds that are due are pulled. */
export function startStockFeeds(deps: StockFeedDeps, options: { logger: Logger }): Job<number> {
  return every(FEED_CHECK_INTERVAL_MS, () => pullDueFeeds(deps), {
    onError: (error) => options.logger.error('Pulling stock feeds failed', error),
  });
}
