import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { Logger } from '../logger.ts';
import type { Db } from '../store/db.ts';
import type { AlertDigests } from './digests.ts';
import { matchPriceChanges } from './match.ts';

/**
 * Saved-search alerts end to end (issue 19 item 2): match the price changes stored since the last run
 * against the saved searches, then send the emails that are due. A stock change (an import through
 * any process, a price change) triggers a run at once; a timer catches what was written while no
 * server ran (a `stock:import` straight into the store) and sends the daily emails. Triggers that
 * arrive during a run make one more run after it, never two at once.
 */
export class AlertRunner {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      sites: readonly SiteConfig[];
      digests: AlertDigests;
      logger?: Logger;
      now?: () => Date;
    },
  ) {}

  /** Runs now, or once more after the run in progress; resolves when that run is over. */
  trigger(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await matchPriceChanges(this.deps.db, this.deps.sites, this.deps.now?.() ?? new Date());
        await this.deps.digests.runOnce();
      } catch (error) {
        this.deps.logger?.error('Saved-search alerts failed', error);
      }
    } while (this.again);
  }

  /** Runs at once and then every `intervalMs` (a minute by default) until stopped. */
  start(intervalMs = 60_000): void {
    if (this.timer) return;
    void this.trigger();
    this.timer = setInterval(() => void this.trigger(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
