import { fromPromise } from 'xstate';
import { homePageMachine } from '../../machines/home-page/home-page.machine.ts';
import { fetchHome } from '../../services/home/home.service.ts';
import type { AppDeps } from '../app/app-deps.ts';

/** TanStack Query keys of the home page's reads. */
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
      load: fromPromise(() =>
        queryClient.fetchQuery({ queryKey: queryKeys.home, queryFn: () => fetchHome(http) }),
      ),
    },
  });
}
