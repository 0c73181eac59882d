import { isEmptySearch, normaliseSearchState, type SearchState, searchStateSchema } from './search-state.ts';
import { serialiseSearchUrl } from './search-url.ts';

/**
 * Search history (`locations-forms-tradein-site.md` §4 "Toasts and history", §9 "Search history 5
 * entries"): the last 5 searches, newest first, each search once.
 */

/** §9: searches kept. */
export const SEARCH_HISTORY_LIMIT = 5;

/** What the search history's `saveHistory` writes to the browser's storage: the history, newest first. */
export interface SearchHistorySave {
  history: SearchState[];
}

/**
 * What makes two searches the same: their canonical URL without the page (the same search on
 * another page is not another search).
 */
export function searchHistoryKey(state: SearchState): string {
  return serialiseSearchUrl({ ...state, page: undefined });
}

/**
 * The history after a search: the search first (stored without its page), an earlier copy of it
 * removed, at most `limit` entries. An empty search (no query, no filter) is not remembered.
 */
export function rememberSearch(
  history: readonly SearchState[],
  search: SearchState,
  limit: number = SEARCH_HISTORY_LIMIT,
): SearchState[] {
  const entry = normaliseSearchState({ ...search, page: undefined });
  if (isEmptySearch(entry)) return history.slice(0, limit);
  const key = searchHistoryKey(entry);
  return [entry, ...history.filter((item) => searchHistoryKey(item) !== key)].slice(0, limit);
}

/**
 * A history read back from storage, which anyone may have edited: entries that are not valid
 * searches are dropped, the rest de-duplicated (first wins) and cut to `limit`. Never throws.
 */
export function readSearchHistory(stored: unknown, limit: number = SEARCH_HISTORY_LIMIT): SearchState[] {
  if (!Array.isArray(stored)) return [];
  const seen = new Set<string>();
  const history: SearchState[] = [];
  for (const item of stored) {
    const parsed = searchStateSchema.safeParse(item);
    if (!parsed.success) continue;
    const entry = normaliseSearchState({ ...parsed.data, page: undefined });
    const key = searchHistoryKey(entry);
    if (isEmptySearch(entry) || seen.has(key)) continue;
    seen.add(key);
    history.push(entry);
    if (history.length === limit) break;
  }
  return history;
}
