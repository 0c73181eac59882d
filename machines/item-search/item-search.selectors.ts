import type { SnapshotFrom } from 'xstate';
import { type ItemSearchState, itemSearchHref } from '../../domain/item-search.ts';
import type { itemSearchMachine } from './item-search.machine.ts';

type ItemSearchSnapshot = SnapshotFrom<typeof itemSearchMachine>;

/** Whether the search is still running. */
export const selectIsLoading = (snapshot: ItemSearchSnapshot): boolean => snapshot.hasTag('loading');

/** The failure message, when the search failed. */
export const selectError = (snapshot: ItemSearchSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;

/** The result, once the search answered. */
export const selectResult = (snapshot: ItemSearchSnapshot) => snapshot.context.result;

/** What the page searches. */
export const selectState = (snapshot: ItemSearchSnapshot): ItemSearchState => snapshot.context.input.state;

/**
 * The address of the search with `change` applied. A new query, category or top price starts again
 * at page 1; `undefined` in `change` drops that part.
 */
export function selectHrefWith(snapshot: ItemSearchSnapshot, change: Partial<ItemSearchState>): string {
  const state = { ...snapshot.context.input.state, ...change };
  if (!('page' in change)) delete (state as { page?: number }).page;
  return itemSearchHref(state);
}
