/**
 * The answers a render's own calls get (a car, a search, the session of a shopper who has none),
 * kept apart from pages so one answer serves every page and every signed-out shopper that asks it
 * (issue 38 item 2): a car page with a tracking parameter, the home page's searches, the session read
 * every page makes. It keeps what the page cache would keep anyway, under the same rules (decision
 * 090): only for signed-out requests, one scope per dealer and origin, for `ttlMs` at most, and
 * dropped at once by the change feed (`invalidate()` starts a new generation; an answer fetched in an
 * older one is neither kept nor shared with calls made after it). The keeping itself is `kept.ts`'s,
 * shared with the page cache.
 */

import { Keeper, type KeptOutcome } from './kept.ts';

/** An answer as kept: enough to make a fresh `Response` for every caller. */
interface KeptAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

export interface DataCacheOptions {
  /** How long an answer is kept, at most (the page cache's time). */
  ttlMs: number;
  /** How many answers are kept, at most (default 5,000); the least recently used go first. */
  maxEntries?: number;
  /** How many bytes of answers are kept, at most (default 32 MB). */
  maxBytes?: number;
  now?: () => number;
}

/** What a look-up did. */
export type DataOutcome = KeptOutcome;

/**
 * Headers a render's call carries that change with every call but not its answer: the search
 * client's id for the request, and the dealer's search key, which is minted for each render (its
 * expiry and sold-car cutoff move by the second) and grants the same records to every render of the
 * scope's dealer. The search endpoint checks the key of each call it answers; a call answered from
 * here carries its own dealer's valid key too.
 */
const PER_CALL_HEADERS = new Set(['request-id', 'x-algolia-api-key']);

/**
 * The key of one call within a scope (the dealer and origin): its method, address, its own headers
 * (but those that change with every call) and body. The incoming page's cookies are not in it: a
 * signed-out shopper's cookies change nothing a render reads, which is why its page may be shared.
 */
export async function callKey(scope: string, request: Request): Promise<string> {
  const headers = [...request.headers]
    .filter(([name]) => !PER_CALL_HEADERS.has(name))
    .map(([name, value]) => `${name}:${value}`)
    .join('\n');
  const body = request.body ? await request.clone().text() : '';
  return `${scope}\u0000${request.method} ${request.url}\u0000${headers}\u0000${body}`;
}

export class DataCache {
  private readonly kept: Keeper<KeptAnswer, KeptAnswer | Response>;

  constructor(options: DataCacheOptions) {
    this.kept = new Keeper({
      ttlMs: options.ttlMs,
      maxEntries: options.maxEntries ?? 5_000,
      maxBytes: options.maxBytes ?? 32 * 1024 * 1024,
      now: options.now,
    });
  }

  /** How many answers are kept now. */
  get size(): number {
    return this.kept.size;
  }

  /** Forgets every answer: what the store or search holds has changed. */
  invalidate(): void {
    this.kept.clear();
  }

  /**
   * The answer to the call `key`: kept and fresh, or fetched once however many renders ask for it
   * at the same moment. Only a 200 that sets no cookie is kept or shared; any other answer goes to
   * its caller alone, and the calls waiting on it make their own.
   */
  async answer(
    key: string,
    fetch: () => Promise<Response>,
  ): Promise<{ response: Response; outcome: DataOutcome }> {
    const kept = this.kept.get(key);
    if (kept) return { response: responseOf(kept), outcome: 'hit' };
    const { result, shared } = await this.kept.once(
      key,
      () => fetch().then(keepable),
      (fetched) => {
        if (!(fetched instanceof Response)) this.kept.set(key, fetched, fetched.body.byteLength + key.length);
      },
    );
    // An answer that may not be kept is its caller's alone: the calls that waited on it make their own.
    if (result instanceof Response) return { response: shared ? await fetch() : result, outcome: 'miss' };
    return { response: responseOf(result), outcome: shared ? 'shared' : 'miss' };
  }
}

/** The answer read whole when it may be kept (a 200 setting no cookie); otherwise the response itself. */
async function keepable(response: Response): Promise<KeptAnswer | Response> {
  if (response.status !== 200 || response.headers.has('set-cookie')) return response;
  return {
    status: response.status,
    headers: [...response.headers],
    body: new Uint8Array(await response.arrayBuffer()),
  };
}

function responseOf(answer: KeptAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
