import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { homePageMachine } from '../../machines/home-page/home-page.machine.ts';
import { fetchHome } from '../../services/home/home.service.ts';
import { createHttp, type FetchLike, type Http } from '../../services/http.ts';

/** What binds machines to services for one app instance (one browser tab, or one server request). */
export interface AppDeps {
  http: Http;
  queryClient: QueryClient;
}

/**
 * The dependencies of one app instance: an HTTP client for `baseUrl` over the given `fetch` (the
 * browser's, or the server's in-process app) and a fresh query cache.
 */
export function createAppDeps(options: {
  baseUrl: string;
  fetch: FetchLike;
  queryClient: QueryClient;
}): AppDeps {
  return {
    http: createHttp({ baseUrl: options.baseUrl, fetch: options.fetch }),
    queryClient: options.queryClient,
  };
}

/** TanStack Query keys: the cache behind every read. */
export const queryKeys = {
  home: ['home'] as const,
};

/**
 * The home page machine with its loader bound to the home service through the query cache.
 * The actor's abort signal is deliberately not passed on (server-rendering guide: StrictMode trap).
 */
export function homePageLogic({ http, queryClient }: AppDeps) {
  return homePageMachine.provide({
    actors: {
      loadHome: fromPromise(() =>
        queryClient.fetchQuery({ queryKey: queryKeys.home, queryFn: () => fetchHome(http) }),
      ),
    },
  });
}
