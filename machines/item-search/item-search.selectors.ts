import type { SnapshotFrom } from 'xstate';
import { type ItemSearchState, itemSearchHref } from '../../domain/item-search.ts';
import type { itemSearchMachine } from './item-search.machine.ts';

type ItemSearchSnapshot = SnapshotFrom<typeof itemSearchMachine>;

/** Whether the search is still running. */
export const selectIsLoading = (snapshot: ItemSearchSnapshot): boolean => snapshot.hasTag('loading');

/** The failure message, when the search failed. */
export const selectError = (snapshot: ItemSearchSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;

/** Whether the search failed (the page answers 500 and offers a retry). */
export const selectHasFailed = (snapshot: ItemSearchSnapshot): boolean => snapshot.matches('failed');

/** The result, once the search answered. */
export const selectResult = (snapshot: ItemSearchSnapshot) => snapshot.context.data;

/** What the page searches. */
export const selectState = (snapshot: ItemSearchSnapshot): ItemSearchState => snapshot.context.input.state;

/**
 * The address of the search `state` with `change` applied. A new query, category or top price starts
 * again at page 1; `undefined` in `change` drops that part. (The page's parts take the state through
 * `selectState` and make their links with this.)
 */
export function searchHrefWith(state: ItemSearchState, change: Partial<ItemSearchState>): string {
  const next = { ...state, ...change };
  if (!('page' in change)) delete (next as { page?: number }).page;
  return itemSearchHref(next);
}
