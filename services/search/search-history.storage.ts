import type { SearchState } from '../../domain/search-state.ts';
import { ServiceError } from '../errors.ts';
import { STORAGE_KEYS, storedValue } from '../storage/browser-storage.ts';

/** Where the search history lives in the browser (one origin per dealer site, so one list each). */
export const SEARCH_HISTORY_STORAGE_KEY = STORAGE_KEYS.searchHistory;

/**
 * The stored search history as it was saved, or `null` on the server or when nothing readable is
 * stored (the machine checks what it gets). Throws when storage itself cannot be reached.
 */
export function readStoredSearchHistory(): unknown {
  try {
    return storedValue(SEARCH_HISTORY_STORAGE_KEY).read() ?? null;
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'validation') return null;
    throw error;
  }
}

/** Saves the search history (nothing on the server). Throws when storage refuses it. */
export function writeStoredSearchHistory(history: readonly SearchState[]): void {
  storedValue(SEARCH_HISTORY_STORAGE_KEY).write(history);
}
