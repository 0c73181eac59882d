import { fromPromise } from 'xstate';
import { itemSearchMachine } from '../../machines/item-search/item-search.machine.ts';
import { searchItems } from '../../services/search/item-search.service.ts';
import { renewSearchKey } from '../../services/search/search-key.ts';
import type { AppDeps } from '../app/app-deps.ts';

/** TanStack Query keys of parts searches: one per index and state. */
export const itemQueryKey = (index: string, state: object) => ['items', index, state] as const;

/**
 * The parts search page's machine with `runItemSearch` bound to the item search service through the
 * query cache (a page seen before opens from it), over this app instance's `fetch`.
 */
export function itemSearchLogic({ http, queries, fetch = (request) => globalThis.fetch(request) }: AppDeps) {
  return itemSearchMachine.provide({
    actors: {
      runItemSearch: fromPromise(({ input }) =>
        queries.fetchQuery({
          queryKey: itemQueryKey(input.index, input.state),
          queryFn: () => searchItems(input, fetch, () => renewSearchKey(http)),
        }),
      ),
    },
  });
}
