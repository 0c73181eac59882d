import type { SnapshotFrom } from 'xstate';
import type { SearchState } from '../../domain/search-state.ts';
import { searchHref } from '../../domain/search-url.ts';
import type { priceRangeScreenMachine } from './price-range-screen.machine.ts';

type PriceRangeScreenSnapshot = SnapshotFrom<typeof priceRangeScreenMachine>;

/** The make chosen, or `''` for any make (the dropdown's value). */
export const selectMake = (snapshot: PriceRangeScreenSnapshot): string => snapshot.context.make ?? '';

/** The price range chosen (`null`: the whole range). */
export const selectRange = (snapshot: PriceRangeScreenSnapshot) => snapshot.context.range;

/** The listing's search state for what the screen holds: the make and the price range. */
export function selectSearchState(snapshot: PriceRangeScreenSnapshot): SearchState {
  const { make, range } = snapshot.context;
  return { ...(make !== null && { make: [make] }), ...(range !== null && { price: range }) };
}

/** The search button's address: the listing, refined by the make and price chosen. */
export const screenSearchHref = (snapshot: PriceRangeScreenSnapshot, listingPath: string): string =>
  searchHref(listingPath, selectSearchState(snapshot));

/**
 * §2 "A price-sorted search link is built from the current search state, with a descending price
 * sort on the car production index": the same listing, dearest first (`priceDescIndex`, the replica).
 */
export const priceSortedSearchHref = (
  snapshot: PriceRangeScreenSnapshot,
  listingPath: string,
  priceDescIndex: string,
): string => searchHref(listingPath, { ...selectSearchState(snapshot), sortBy: priceDescIndex });
