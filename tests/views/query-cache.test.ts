import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { lazyQueryCache } from '../../views/app/query-cache.tsx';

/**
 * The app's query cache (decision 138): TanStack Query's client loads with the first read that keeps
 * its answer — never because a page was restored or the shopper's own reads were made.
 */
function cacheCountingLoads(fail = 0) {
  let loads = 0;
  let failures = fail;
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
  const cache = lazyQueryCache(async () => {
    loads += 1;
    if (failures > 0) {
      failures -= 1;
      throw new TypeError('Failed to fetch dynamically imported module');
    }
    return client;
  });
  return { cache, client, loads: () => loads };
}

describe('the app’s query cache', () => {
  it('a restored page’s data waits for the client without loading it, then is served from it', async () => {
    const { cache, client, loads } = cacheCountingLoads();
    cache.prime(['search', 'a'], { hits: 3 });
    await new Promise((settled) => setTimeout(settled, 10));
    expect(loads()).toBe(0);
    let asked = 0;
    const answer = await cache.fetchQuery({
      queryKey: ['search', 'a'],
      queryFn: async () => {
        asked += 1;
        return { hits: 9 };
      },
    });
    expect(loads()).toBe(1);
    expect(asked).toBe(0);
    expect(answer).toEqual({ hits: 3 });
    // Dated when it was primed, not when the client arrived.
    expect(client.getQueryState(['search', 'a'])?.dataUpdatedAt).toBeLessThanOrEqual(Date.now() - 10);
  });

  it('loads the client once for reads made together', async () => {
    const { cache, loads } = cacheCountingLoads();
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((key) => cache.fetchQuery({ queryKey: [key], queryFn: async () => key })),
    );
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(loads()).toBe(1);
  });

  it('a client that failed to load is loaded again by the next read', async () => {
    const { cache, loads } = cacheCountingLoads(1);
    await expect(cache.fetchQuery({ queryKey: ['x'], queryFn: async () => 1 })).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    await expect(cache.fetchQuery({ queryKey: ['x'], queryFn: async () => 1 })).resolves.toBe(1);
    expect(loads()).toBe(2);
  });

  it('marking every answer out of date drops the primes not yet made', async () => {
    const { cache } = cacheCountingLoads();
    cache.prime(['vehicle', 'a'], 'reserved? no');
    cache.invalidateAll();
    await expect(
      cache.fetchQuery({ queryKey: ['vehicle', 'a'], queryFn: async () => 'reserved' }),
    ).resolves.toBe('reserved');
  });

  it('the shopper’s own reads share one on its way and keep nothing, without loading the client', async () => {
    const { cache, loads } = cacheCountingLoads();
    let reads = 0;
    const read = () =>
      cache.shared('watchlist', async () => {
        reads += 1;
        const answer = reads;
        await new Promise((settled) => setTimeout(settled, 5));
        return answer;
      });
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    expect(await read()).toBe(2);
    // After a change, a read on its way may hold the old answer: the next read does not join it.
    const before = read();
    cache.forget('watchlist');
    const after = read();
    expect([await before, await after]).toEqual([3, 4]);
    expect(loads()).toBe(0);
  });
});
