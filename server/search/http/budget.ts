import { performance as nodePerformance } from 'node:perf_hooks';
import { RateLimiter } from '../../auth/rate-limit.ts';

/**
 * Search time per client (issue 14 item 1). Each client address may spend `burstMs` of the
 * process's time on searches at once and `msPerSecond` after that; a request is charged what it
 * actually cost (from its body being read to its answer being made), so an expensive request costs
 * its sender, not the other shoppers. A client whose balance is spent gets 429 until it refills —
 * but only while the server is busy: an idle server lets it search on (still charged), so shoppers
 * who share one address (a mobile carrier's NAT, an office) are not held back for nothing.
 */
export interface SearchBudgetConfig {
  burstMs: number;
  msPerSecond: number;
}

/**
 * 250 ms of search at once, then 25 ms a second per address: a shopper's search costs the server
 * about 5 ms, so 50 at once and 5 a second after that (and only while the server is busy); the
 * heaviest request allowed costs 30-60 ms.
 */
export const SEARCH_BUDGET: SearchBudgetConfig = { burstMs: 250, msPerSecond: 25 };

/**
 * Whether the event loop was more than half busy over the last quarter second or so
 * (`nodePerformance.eventLoopUtilization`, sampled when asked).
 */
export function loopIsBusy(threshold = 0.5, windowMs = 250): () => boolean {
  let mark = nodePerformance.eventLoopUtilization();
  let busy = false;
  return () => {
    const sample = nodePerformance.eventLoopUtilization(mark);
    if (sample.idle + sample.active >= windowMs) {
      busy = sample.utilization > threshold;
      mark = nodePerformance.eventLoopUtilization();
    }
    return busy;
  };
}

/** Each address's search time: the rate limiter's buckets, in milliseconds, refused only when busy. */
export class SearchBudget {
  private readonly buckets: RateLimiter;
  private readonly busy: () => boolean;

  constructor(
    private readonly config: SearchBudgetConfig = SEARCH_BUDGET,
    options: { busy?: () => boolean; now?: () => number; maxKeys?: number } = {},
  ) {
    this.buckets = new RateLimiter(
      { capacity: config.burstMs, perSecond: config.msPerSecond },
      options.now ?? (() => performance.now()),
      options.maxKeys,
    );
    this.busy = options.busy ?? loopIsBusy();
  }

  /** 0 when `key` may search now, else the whole seconds until its balance is positive again. */
  wait(key: string): number {
    const balance = this.buckets.level(key);
    if (balance > 0 || !this.busy()) return 0;
    return Math.max(1, Math.ceil((-balance + 1) / this.config.msPerSecond));
  }

  /** Charges `ms` to `key` (the balance may go below zero: the next requests wait for it). */
  spend(key: string, ms: number): void {
    this.buckets.spend(key, ms);
  }

  /** A budget that never runs out (a benchmark measuring the engine's own throughput). */
  static unlimited(): SearchBudget {
    return new SearchBudget(
      { burstMs: Number.POSITIVE_INFINITY, msPerSecond: Number.POSITIVE_INFINITY },
      { busy: () => false },
    );
  }

  /** Addresses tracked (for tests). */
  get size(): number {
    return this.buckets.size;
  }
}
