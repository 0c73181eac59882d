/**
 * The answers a render's own calls get (a car, a search, the session of a shopper who has none),
 * kept apart from pages so one answer serves every page and every signed-out shopper that asks it
 * (issue 38 item 2): a car page with a tracking parameter, the home page's searches, the session read
 * every page makes. It keeps what the page cache would keep anyway, under the same rules (decision
 * 090): only for signed-out requests, one scope per dealer and origin, for `ttlMs` at most, and
 * dropped at once by the change feed (`invalidate()` starts a new generation; an answer fetched in an
 * older one is neither kept nor shared with calls made after it).
 */

/** An answer as kept: enough to make a fresh `Response` for every caller. */
interface KeptAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

interface Entry {
  answer: KeptAnswer;
  generation: number;
  storedAt: number;
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
export type DataOutcome = 'hit' | 'miss' | 'shared';

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
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<KeptAnswer | Response>>();
  private bytes = 0;
  private generation = 0;

  constructor(options: DataCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 5_000;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  /** How many answers are kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets every answer: what the store or search holds has changed. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
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
    const kept = this.entries.get(key);
    if (kept && kept.generation === this.generation && this.now() - kept.storedAt < this.ttlMs) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return { response: responseOf(kept.answer), outcome: 'hit' };
    }
    if (kept) this.remove(key, kept);
    const generation = this.generation;
    const flightKey = `${generation}\u0000${key}`;
    const running = this.inFlight.get(flightKey);
    if (running) {
      const shared = await running;
      if (!(shared instanceof Response)) return { response: responseOf(shared), outcome: 'shared' };
      return { response: await fetch(), outcome: 'miss' };
    }
    const fetching = fetch().then(keepable);
    this.inFlight.set(flightKey, fetching);
    try {
      const fetched = await fetching;
      if (fetched instanceof Response) return { response: fetched, outcome: 'miss' };
      if (generation === this.generation) this.store(key, fetched, generation);
      return { response: responseOf(fetched), outcome: 'miss' };
    } finally {
      this.inFlight.delete(flightKey);
    }
  }

  private store(key: string, answer: KeptAnswer, generation: number): void {
    const bytes = answer.body.byteLength + key.length;
    if (bytes > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { answer, generation, storedAt: this.now() });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.answer.body.byteLength + key.length;
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
