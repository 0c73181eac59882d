import { STAFF_IDLE_MS } from '../console/staff-session.ts';
import { every } from '../jobs/every.ts';
import type { Logger } from '../logger.ts';
import type { Db } from '../store/db.ts';
import { deleteExpiredSessions } from '../store/sessions.repo.ts';
import { deleteExpiredStaffSessions } from '../store/staff.repo.ts';

/** How often expired sessions are deleted while the server runs. */
export const SESSION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** A running sweep; `stop()` clears the timer and waits for a sweep in progress. */
export interface SessionSweep {
  /** Deletes the sessions expired by now; resolves to how many (what the timer calls). */
  sweepNow(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Deletes expired session rows (decision 060): once at start, then every `intervalMs` (`every`). The
 * timer does not keep the process alive, one sweep runs at a time, and a failure is logged, never
 * thrown (the next run tries again). `startServer` starts it and stops it on shutdown before closing
 * the store.
 */
export function startSessionSweep(
  db: Db,
  options: { logger: Pick<Logger, 'info' | 'error'>; intervalMs?: number; now?: () => Date },
): SessionSweep {
  const now = options.now ?? (() => new Date());
  const job = every(
    options.intervalMs ?? SESSION_SWEEP_INTERVAL_MS,
    async () => {
      // Shoppers' sessions, and the dealer console's (past their 12 hours, or idle for 2).
      const at = now();
      const deleted =
        (await deleteExpiredSessions(db, at)) + (await deleteExpiredStaffSessions(db, at, STAFF_IDLE_MS));
      if (deleted > 0) options.logger.info('Deleted expired sessions', { deleted });
      return deleted;
    },
    { onError: (error) => options.logger.error('Deleting expired sessions failed', error) },
  );
  return { sweepNow: async () => (await job.runNow()) ?? 0, stop: job.stop };
}
