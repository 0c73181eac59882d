import { z } from 'zod/mini';
import { type CarType, carTypeSchema } from './car.ts';
import { SAVED_SEARCHES_PATH } from './content-pages.ts';
import { normaliseSearchState, type SearchState } from './search-state.ts';
import { parseSearchUrl, serialiseSearchUrl } from './search-url.ts';

/**
 * The listing's "Save search" link and its reading on the saved-searches page (issue 19 item 2):
 * the listing's address, its whole Search state and the car types it lists travel in the link's query,
 * so the listing needs none of the saved searches' own code.
 */

/** The listing address a saved search opens: a path on this site, at most 2,000 characters. */
export const listingHrefSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(2000), z.regex(/^\/[^/\\\s]/, 'must be a path on this site'));

/**
 * The search a saved search matches with: its state without the page or the sort (neither changes
 * which cars match), and without the distance filter (issue 37 item 3), which the alerts cannot
 * match (they have no geocoder: decision 132). Two drafts with the same key are the same search.
 */
export function matchingState(search: SearchState): SearchState {
  return normaliseSearchState({
    ...search,
    page: undefined,
    sortBy: undefined,
    near: undefined,
    within: undefined,
  });
}

/** What the listing's "Save search" link carries to the saved-searches page. */
export interface SaveSearchRequest {
  href: string;
  search: SearchState;
  car_types: CarType[] | null;
}

/** The saved-searches page's address that offers to save this listing (`/saved-searches?save=…`). */
export function saveSearchHref(request: SaveSearchRequest): string {
  const params = new URLSearchParams({ save: request.href, search: serialiseSearchUrl(request.search) });
  if (request.car_types && request.car_types.length > 0) params.set('types', request.car_types.join(','));
  return `${SAVED_SEARCHES_PATH}?${params.toString()}`;
}

/** Whether an address is one of the site's listings: its search path (`/search`) or a route under it. */
export function isListingHref(href: string, searchPath: string): boolean {
  const path = href.split(/[?#]/, 1)[0] ?? '';
  return path === searchPath || path.startsWith(`${searchPath}/`);
}

/**
 * The search a `/saved-searches?save=…&search=…&types=…` address offers to save, or null when it
 * offers none or the listing address is not one of this site's listings (`searchPath`). Anyone can
 * write the address, so every part is read as untrusted: a bad search is dropped value by value.
 */
export function readSaveSearchRequest(query: string, searchPath: string): SaveSearchRequest | null {
  const params = new URLSearchParams(query);
  const href = params.get('save');
  if (!href || !z.safeParse(listingHrefSchema, href).success) return null;
  if (!isListingHref(href, searchPath)) return null;
  const search = parseSearchUrl(params.get('search') ?? '');
  const types = (params.get('types') ?? '').split(',').flatMap((value) => {
    const parsed = carTypeSchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
  return { href, search: matchingState(search), car_types: types.length > 0 ? [...new Set(types)] : null };
}
