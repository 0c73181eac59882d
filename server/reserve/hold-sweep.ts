import { every } from '../jobs/every.ts';
import type { Logger } from '../logger.ts';
import type { PaymentProviders } from '../payments/provider.ts';
import type { Db } from '../store/db.ts';
import { endExpiredHolds } from '../store/reservations.repo.ts';

/** How often the sweep looks for holds that ran out: every minute. */
export const HOLD_SWEEP_INTERVAL_MS = 60_000;

export interface HoldSweep {
  /** Ends what is due now; resolves with how many holds and claims it ended. */
  sweepNow(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Releases cars whose 48-hour hold ran out without the dealer confirming the sale (issue 17 item 2):
 * the hold is `released`, the car is free in the store, its deposit is refunded (§9 "fully
 * refundable"), and search is refreshed. A claim stuck `pending` (a charge that never answered) is
 * given up the same way. It runs at once, then every minute (`every`: one sweep at a time).
 */
export function startHoldSweep(
  db: Db,
  options: {
    payments: PaymentProviders;
    carsChanged: (carIds: readonly number[]) => Promise<void>;
    logger: Pick<Logger, 'info' | 'error'>;
    intervalMs?: number;
    now?: () => Date;
  },
): HoldSweep {
  const now = options.now ?? (() => new Date());
  const job = every(
    options.intervalMs ?? HOLD_SWEEP_INTERVAL_MS,
    async () => {
      const ended = await endExpiredHolds(db, now());
      for (const hold of ended) {
        if (!hold.charge_id) continue;
        await options.payments[hold.processor]
          ?.refund(hold.charge_id, `release-${hold.id}`)
          .catch((error: unknown) => options.logger.error('Refunding a released hold failed', error));
      }
      const released = ended.filter((hold) => hold.was === 'held').map((hold) => hold.car_id);
      if (released.length > 0) {
        await options.carsChanged(released);
        options.logger.info('Released expired holds', { cars: released.length });
      }
      return ended.length;
    },
    { onError: (error) => options.logger.error('Releasing expired holds failed', error) },
  );
  return { sweepNow: async () => (await job.runNow()) ?? 0, stop: job.stop };
}
