/**
 * What the page cache and the data cache both do with what they keep (decision 090): values kept by
 * key for `ttlMs` at most, within a number and a size (the least recently used go first), all
 * forgotten at once by `clear()`, and work asked for by several callers at the same moment done once.
 * `clear()` starts a new generation: work that ran across it is neither kept nor shared with callers
 * that ask after it, so nothing read before a change is served after it.
 */

/** What a look-up did. */
export type KeptOutcome = 'hit' | 'miss' | 'shared';

export interface KeeperOptions {
  /** How long a value is kept, at most. */
  ttlMs: number;
  /** How many values are kept, at most. */
  maxEntries: number;
  /** How many bytes of values are kept, at most (as their keepers count them). */
  maxBytes: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
  bytes: number;
}

/** Keeps values `V`, made by work that answers `T` (the value, or more than the value, or instead of it). */
export class Keeper<V, T = V> {
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  // A Map iterates in insertion order: the most recently used is moved last, and eviction takes the first.
  private readonly entries = new Map<string, Entry<V>>();
  private readonly inFlight = new Map<string, Promise<T>>();
  private bytes = 0;
  private generation = 0;

  constructor(options: KeeperOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries;
    this.maxBytes = options.maxBytes;
    this.now = options.now ?? Date.now;
  }

  /** How many values are kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets every value, and lets no work that is running now be kept or shared. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /** The value kept for `key` while it is fresh, now the most recently used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.remove(key, entry);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Keeps `value` for `key`, dropping the least recently used past the bounds. A value larger than
   * all the bytes allowed is not kept, and `false` says so.
   */
  set(key: string, value: V, bytes: number): boolean {
    if (bytes > this.maxBytes) return false;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { value, storedAt: this.now(), bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
    return true;
  }

  /**
   * Does `work` for `key` once for every caller that asks while it runs (they share its result),
   * and hands the result to `keep` only when nothing was cleared while it ran; `keep` runs at once,
   * before anything else can clear, and decides what (if anything) is kept with `set()`.
   */
  async once(
    key: string,
    work: () => Promise<T>,
    keep: (result: T) => void,
  ): Promise<{ result: T; shared: boolean }> {
    const generation = this.generation;
    const flightKey = `${generation}\u0000${key}`;
    const running = this.inFlight.get(flightKey);
    if (running) return { result: await running, shared: true };
    const working = work();
    this.inFlight.set(flightKey, working);
    try {
      const result = await working;
      if (generation === this.generation) keep(result);
      return { result, shared: false };
    } finally {
      this.inFlight.delete(flightKey);
    }
  }

  private remove(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
