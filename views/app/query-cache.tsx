import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { loadOnce } from './load-once.ts';

/**
 * The app's query cache (architecture §4): TanStack Query's client behind the few calls the wiring
 * makes. In the browser the client's module loads with the first read that needs it — a search, the
 * comparison, more cars — not with the page (issue 38 item 3, decision 138): no page reads through it
 * while it hydrates. The shopper's own reads (session, watchlist), which every page makes at once and
 * never keeps, are joined while on their way (`shared`) without it.
 */
export interface QueryCache {
  /** The client, loaded first if need be. */
  client(): Promise<QueryClient>;
  /** `QueryClient.fetchQuery`: at once when the client is loaded, else once it is. */
  fetchQuery: QueryClient['fetchQuery'];
  /**
   * Seeds an entry with data a restored page already holds, dated now: at once when the client is
   * loaded, else when something else loads it — priming never loads it itself.
   */
  prime(key: QueryKey, data: unknown): void;
  /** Marks every kept answer out of date (primes not yet made are dropped), without loading the client. */
  invalidateAll(): void;
  /**
   * A read that is never kept: a call while an earlier one under `key` is on its way gets that one's
   * answer (what TanStack's `staleTime: 0` gave), else `read` runs.
   */
  shared<T>(key: string, read: () => Promise<T>): Promise<T>;
  /** Lets the next `shared` call under `key` read afresh, even while one is on its way (its answer is out of date). */
  forget(key: string): void;
}

/** A cache whose client `load` makes on first use (the browser's: `load` imports TanStack Query). */
export function lazyQueryCache(load: () => Promise<QueryClient>): QueryCache {
  return queryCache(load);
}

/** A cache over a client already made (the server's render, tests). */
export function readyQueryCache(queryClient: QueryClient): QueryCache {
  return queryCache(async () => queryClient, queryClient);
}

function queryCache(load: () => Promise<QueryClient>, made?: QueryClient): QueryCache {
  let ready = made;
  const primes: Array<{ key: QueryKey; data: unknown; updatedAt: number }> = [];
  // A failed load (the network dropped) is tried again by the next read.
  const loadClient = loadOnce(() =>
    load().then((loaded) => {
      for (const { key, data, updatedAt } of primes.splice(0)) loaded.setQueryData(key, data, { updatedAt });
      ready = loaded;
      return loaded;
    }),
  );
  const client = (): Promise<QueryClient> => (ready ? Promise.resolve(ready) : loadClient());
  return {
    client,
    // Called at once once loaded: awaiting even a settled promise put each search a task later.
    fetchQuery: ((options: Parameters<QueryClient['fetchQuery']>[0]) =>
      ready
        ? ready.fetchQuery(options)
        : client().then((loaded) => loaded.fetchQuery(options))) as QueryClient['fetchQuery'],
    prime(key, data) {
      if (ready) ready.setQueryData(key, data);
      else primes.push({ key, data, updatedAt: Date.now() });
    },
    invalidateAll() {
      primes.length = 0;
      if (ready) void ready.invalidateQueries();
    },
    ...sharedReads(),
  };
}

function sharedReads(): Pick<QueryCache, 'shared' | 'forget'> {
  const inFlight = new Map<string, Promise<unknown>>();
  return {
    shared<T>(key: string, read: () => Promise<T>): Promise<T> {
      const joined = inFlight.get(key);
      if (joined) return joined as Promise<T>;
      const reading = read().finally(() => {
        if (inFlight.get(key) === reading) inFlight.delete(key);
      });
      inFlight.set(key, reading);
      return reading;
    },
    forget(key: string): void {
      inFlight.delete(key);
    },
  };
}

const QueryCacheContext = createContext<QueryCache | null>(null);

/** Gives the parts below the app's query cache (the widgets that own their actors: more cars, the search box). */
export function QueryCacheProvider({ cache, children }: { cache: QueryCache; children: ReactNode }) {
  return <QueryCacheContext.Provider value={cache}>{children}</QueryCacheContext.Provider>;
}

/** The app's query cache; throws outside a `QueryCacheProvider`. */
export function useQueryCache(): QueryCache {
  const cache = useContext(QueryCacheContext);
  if (!cache) throw new Error('No query cache: render inside a QueryCacheProvider');
  return cache;
}
