/**
 * Rendered pages for signed-out shoppers, kept so a crowd is served without rendering each request
 * (issue 20 item 1, decision 090). A page is kept as its document cut at the CSP nonce, so every
 * answer still carries a fresh nonce; it is kept for `ttlMs` at most (pages read the clock: open
 * now, promotions running today) and dropped at once when the store or the search index changes (a
 * stock import, a reservation, its release): `invalidate()` starts a new generation, and a page
 * rendered from the old one is neither kept nor shared with requests that arrive after it. The keeping
 * itself (time, bounds, generations, one render for a crowd) is `kept.ts`'s, shared with the data cache.
 */

import { type PrecompressedPage, precompress } from './gzip-with-nonce.ts';
import { Keeper, type KeptOutcome } from './kept.ts';

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
export type CacheOutcome = KeptOutcome;

export class PageCache {
  readonly ttlMs: number;
  private readonly kept: Keeper<CachedPage, RenderedPage>;

  constructor(options: PageCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.kept = new Keeper({
      ttlMs: this.ttlMs,
      maxEntries: options.maxEntries ?? 2_000,
      maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
      now: options.now,
    });
  }

  /** How many pages are kept now. */
  get size(): number {
    return this.kept.size;
  }

  /** Forgets every page: what the store or search holds has changed. */
  invalidate(): void {
    this.kept.clear();
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
    const kept = this.kept.get(key);
    if (kept) return { page: kept, outcome: 'hit' };
    const { result, shared } = await this.kept.once(key, render, (rendered) => {
      if (rendered.cacheable) this.keep(key, rendered.page);
    });
    return { page: result.page, outcome: shared ? 'shared' : 'miss' };
  }

  /** Keeps a page compressed once, counted by its text and its compressed form. */
  private keep(key: string, page: CachedPage): void {
    const encoded = precompress(page.segments);
    const bytes = [...encoded.text, ...encoded.deflated].reduce((sum, buffer) => sum + buffer.length, 0);
    if (this.kept.set(key, page, bytes)) page.encoded = encoded;
  }
}
