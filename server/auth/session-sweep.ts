import type { Logger } from '../logger.ts';
import type { Db } from '../store/db.ts';
import { deleteExpiredSessions } from '../store/sessions.repo.ts';

/** How often expired sessions are deleted while the server runs. */
export const SESSION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** A running sweep; `stop()` clears the timer and waits for a sweep in progress. */
export interface SessionSweep {
  /** Deletes the sessions expired by now; resolves to how many (what the timer calls). */
  sweepNow(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Deletes expired session rows (decision 060): once at start, then every `intervalMs`. The timer does
 * not keep the process alive, one sweep runs at a time, and a failure is logged, never thrown (the
 * next tick tries again). `startServer` starts it and stops it on shutdown before closing the store.
 */
export function startSessionSweep(
  db: Db,
  options: { logger: Pick<Logger, 'info' | 'error'>; intervalMs?: number; now?: () => Date },
): SessionSweep {
  const now = options.now ?? (() => new Date());
  let running: Promise<number> | null = null;
  let stopped = false;
  const sweepNow = () => {
    running ??= deleteExpiredSessions(db, now())
      .then((deleted) => {
        if (deleted > 0) options.logger.info('Deleted expired sessions', { deleted });
        return deleted;
      })
      .catch((error: unknown) => {
        options.logger.error('Deleting expired sessions failed', error);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const tick = () => {
    if (!stopped) void sweepNow();
  };
  const timer = setInterval(tick, options.intervalMs ?? SESSION_SWEEP_INTERVAL_MS);
  timer.unref();
  tick();
  return {
    sweepNow,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
