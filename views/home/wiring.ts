import { fromPromise } from 'xstate';
import type { HomeStock, HomeStockRequest } from '../../domain/home-stock.ts';
import { homePageMachine } from '../../machines/home-page/home-page.machine.ts';
import { fetchHome } from '../../services/home/home.service.ts';
import type { FetchLike, Http } from '../../services/http.ts';
import type { AppDeps } from '../app/app-deps.ts';
import { loadOnce } from '../app/load-once.ts';
import type { QueryCache } from '../app/query-cache.tsx';

/** TanStack Query keys of the home page's reads. */
export const queryKeys = {
  home: ['home'] as const,
  stock: (request: HomeStockRequest) => ['homeStock', request.featured, request.makes] as const,
};

/** The home stock search's and the key renewal's modules, loaded once, by the first search. */
const stockModules = loadOnce(() =>
  Promise.all([
    import('../../services/search/home-stock.service.ts'),
    import('../../services/search/search-key.ts'),
  ]),
);

/**
 * The home page's stock through the query cache. The search client arrives with the search service's
 * module only when it runs — on the server, or on a visit to `/` after another page — so the home
 * page's first load does not download it; a failed search leaves the stock out (`null`), not the page.
 */
function homeStock(
  request: HomeStockRequest,
  { http, queries, fetch }: { http: Http; queries: QueryCache; fetch: FetchLike },
): Promise<HomeStock | null> {
  return queries
    .fetchQuery({
      queryKey: queryKeys.stock(request),
      queryFn: async () => {
        const [{ fetchHomeStock }, { renewSearchKey }] = await stockModules();
        return fetchHomeStock(request, fetch, () => renewSearchKey(http));
      },
    })
    .catch((error: unknown) => {
      console.warn('The home page shows no stock: its search failed.', error);
      return null;
    });
}

/**
 * The home page machine with its loader bound to the home and search services through the query
 * cache. The actor's abort signal is deliberately not passed on (server-rendering guide: StrictMode trap).
 */
export function homePageLogic({ http, queries, fetch = (request) => globalThis.fetch(request) }: AppDeps) {
  return homePageMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => {
        const [content, stock] = await Promise.all([
          queries.fetchQuery({ queryKey: queryKeys.home, queryFn: () => fetchHome(http) }),
          homeStock(input.stock, { http, queries, fetch }),
        ]);
        return { content, stock };
      }),
    },
  });
}
