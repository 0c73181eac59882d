/**
 * Rendered pages for signed-out shoppers, kept so a crowd is served without rendering each request
 * (issue 20 item 1, decision 090). A page is kept as its document cut at the CSP nonce, so every
 * answer still carries a fresh nonce; it is kept for `ttlMs` at most (pages read the clock: open
 * now, promotions running today) and dropped at once when the store or the search index changes (a
 * stock import, a reservation, its release): `invalidate()` starts a new generation, and a page
 * rendered from the old one is neither kept nor shared with requests that arrive after it.
 */

import { type PrecompressedPage, precompress } from './gzip-with-nonce.ts';

/** A rendered page as the cache keeps it: what the handler needs to answer any signed-out shopper. */
export interface CachedPage {
  status: number;
  /** Where a page that only sends the browser elsewhere (a gated route) redirects. */
  redirectTo?: string;
  /** The document cut where the nonce goes: `segments.join(nonce)` is the page. */
  segments: readonly string[];
  /** Once kept: the segments encoded and compressed, so an answer only adds its nonce. */
  encoded?: PrecompressedPage;
}

/** A render's outcome: a page, and whether it may be kept (it settled, and none of its calls failed). */
export interface RenderedPage {
  page: CachedPage;
  cacheable: boolean;
}

interface Entry {
  page: CachedPage;
  generation: number;
  storedAt: number;
  bytes: number;
}

export interface PageCacheOptions {
  /** How long a page is kept, at most (default 30 s). */
  ttlMs?: number;
  /** How many pages are kept, at most (default 2,000); the least recently used go first. */
  maxEntries?: number;
  /** How many bytes are kept, at most, the pages' text and its compressed form (default 64 MB). */
  maxBytes?: number;
  now?: () => number;
}

/** What a look-up did, for the `x-page-cache` header and the benchmark. */
export type CacheOutcome = 'hit' | 'miss' | 'shared';

export class PageCache {
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<RenderedPage>>();
  private bytes = 0;
  private generation = 0;

  constructor(options: PageCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 2_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  /** How many pages are kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets every page: what the store or search holds has changed. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * The page for `key`: kept and fresh, or rendered once however many requests ask for it at the
   * same moment (they share the one render), and kept when the render allows it and nothing changed
   * while it ran.
   */
  async page(
    key: string,
    render: () => Promise<RenderedPage>,
  ): Promise<{ page: CachedPage; outcome: CacheOutcome }> {
    const kept = this.entries.get(key);
    if (kept && kept.generation === this.generation && this.now() - kept.storedAt < this.ttlMs) {
      // Most recently used last: a Map iterates in insertion order, so eviction takes the first.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return { page: kept.page, outcome: 'hit' };
    }
    if (kept) this.remove(key, kept);
    const generation = this.generation;
    const flightKey = `${generation}\u0000${key}`;
    const running = this.inFlight.get(flightKey);
    if (running) return { page: (await running).page, outcome: 'shared' };
    const rendering = render();
    this.inFlight.set(flightKey, rendering);
    try {
      const rendered = await rendering;
      if (rendered.cacheable && generation === this.generation) this.store(key, rendered.page, generation);
      return { page: rendered.page, outcome: 'miss' };
    } finally {
      this.inFlight.delete(flightKey);
    }
  }

  private store(key: string, page: CachedPage, generation: number): void {
    const encoded = precompress(page.segments);
    const bytes = [...encoded.text, ...encoded.deflated].reduce((sum, buffer) => sum + buffer.length, 0);
    if (bytes > this.maxBytes) return;
    page.encoded = encoded;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { page, generation, storedAt: this.now(), bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
