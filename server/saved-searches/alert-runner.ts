import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { every, type Job } from '../jobs/every.ts';
import type { Logger } from '../logger.ts';
import type { Db } from '../store/db.ts';
import type { AlertDigests } from './digests.ts';
import { matchPriceChanges } from './match.ts';

/** How often alerts run without a change of stock: every minute. */
export const ALERT_RUN_INTERVAL_MS = 60_000;

/**
 * Saved-search alerts end to end (issue 19 item 2): match the price changes stored since the last run
 * against the saved searches, then send the emails that are due. A stock change (an import through
 * any process, a price change) triggers a run at once (`runNow`); the timer catches what was written
 * while no server ran (a `stock:import` straight into the store) and sends the daily emails. A
 * trigger that arrives during a run makes one more run after it, never two at once (`every`).
 */
export function startAlertRunner(deps: {
  db: Db;
  sites: readonly SiteConfig[];
  digests: AlertDigests;
  logger?: Pick<Logger, 'error'>;
  intervalMs?: number;
  now?: () => Date;
}): Job<void> {
  return every(
    deps.intervalMs ?? ALERT_RUN_INTERVAL_MS,
    async () => {
      await matchPriceChanges(deps.db, deps.sites, deps.now?.() ?? new Date());
      await deps.digests.runOnce();
    },
    { onError: (error) => deps.logger?.error('Saved-search alerts failed', error) },
  );
}
