import { fromPromise } from 'xstate';
import { comparePageMachine } from '../../machines/compare/compare-page.machine.ts';
import { fetchComparison } from '../../services/vehicle/compare.service.ts';
import type { AppDeps } from '../app/app-deps.ts';

/** TanStack Query keys of comparisons: one per list of cars. */
export const compareQueryKey = (slugs: readonly string[]) => ['compare', slugs.join(',')] as const;

/** The comparison page's machine with its loader bound to the compare service through the query cache. */
export function comparePageLogic({ http, queries }: AppDeps) {
  return comparePageMachine.provide({
    actors: {
      loadComparison: fromPromise(({ input }) =>
        queries.fetchQuery({
          queryKey: compareQueryKey(input.slugs),
          queryFn: () => fetchComparison(http, input),
        }),
      ),
    },
  });
}
