import { fromPromise } from 'xstate';
import type { Car } from '../../domain/car.ts';
import type { RecentCarsQuery, SimilarCarsQuery } from '../../domain/more-cars.ts';
import { type MoreCarsInput, moreCarsMachine } from '../../machines/more-cars/more-cars.machine.ts';
import { createHttp } from '../../services/http.ts';
import { readStoredViewed, writeStoredViewed } from '../../services/storage/recently-viewed.storage.ts';
import type { PublicSite } from '../../tenants/public-site.ts';
import { loadOnce } from '../app/load-once.ts';
import type { QueryCache } from '../app/query-cache.tsx';

/*
 * "More cars" (issue 37 item 7) of the car page and the home page: its actor runs in the browser
 * only (it records the view in the browser's storage), and its searches load the search client when
 * the sections come near (load on intent).
 */

/** TanStack Query keys of the sections' searches. */
export const moreCarsQueryKeys = {
  similar: (query: SimilarCarsQuery) => ['similarCars', query.car.id, query.search.listing] as const,
  recent: (query: RecentCarsQuery) => ['recentCars', query.ids] as const,
};

/**
 * The search service's module and a key renewal from this page's origin: loaded once, by the first
 * search (a failed load is tried again by the next).
 */
const searchModule = loadOnce(async () => {
  const [service, { renewSearchKey }] = await Promise.all([
    import('../../services/search/more-cars.service.ts'),
    import('../../services/search/search-key.ts'),
  ]);
  const fetch = (request: Request) => globalThis.fetch(request);
  const http = createHttp({ baseUrl: globalThis.location.origin, fetch });
  return { service, fetch, renewKey: () => renewSearchKey(http) };
});

/** The sections' machine bound to the browser's storage and, through the query cache, the search. */
export function moreCarsLogic(queries: QueryCache) {
  return moreCarsMachine.provide({
    actors: {
      readViewed: fromPromise(async () => readStoredViewed()),
      saveViewed: fromPromise(async ({ input }) => writeStoredViewed(input)),
      loadSimilar: fromPromise(({ input }) =>
        queries.fetchQuery({
          queryKey: moreCarsQueryKeys.similar(input),
          queryFn: async () => {
            const { service, fetch, renewKey } = await searchModule();
            return service.fetchSimilarCars(input, fetch, renewKey);
          },
        }),
      ),
      loadRecent: fromPromise(({ input }) =>
        queries.fetchQuery({
          queryKey: moreCarsQueryKeys.recent(input),
          queryFn: async () => {
            const { service, fetch, renewKey } = await searchModule();
            return service.fetchRecentCars(input, fetch, renewKey);
          },
          // The recent cars' prices and sold state as they are now, each time.
          staleTime: 0,
        }),
      ),
    },
  });
}

/** The sections' input: the car on screen (none on the home page), and the site's search with its listing's rules. */
export function moreCarsInput(site: PublicSite, car: Car | null, nowSeconds: number): MoreCarsInput {
  const { appId, apiKey, host, protocol, indices } = site.search_connection;
  return {
    car: car && { id: car.id, make: car.make, body: car.simple_body, price: car.price },
    search: {
      endpoint: { appId, apiKey, host, protocol },
      indexName: indices.cars,
      listing: {
        nowSeconds,
        soldWindowDays: site.search.sold_window_days,
        newAndDemoOnly: site.features.searchPresetNewAndDemo,
      },
    },
  };
}
