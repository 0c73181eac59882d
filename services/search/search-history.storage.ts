import type { SearchHistorySave } from '../../domain/search-history.ts';
import { isServiceError } from '../errors.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../storage/browser-storage.ts';

/** Where the search history lives in the browser (one origin per dealer site, so one list each). */
export const SEARCH_HISTORY_STORAGE_KEY = STORAGE_KEYS.searchHistory;

/**
 * The stored search history as it was saved, or `null` on the server or when nothing readable is
 * stored (the machine checks what it gets). Throws when storage itself cannot be reached.
 */
export function readStoredSearchHistory(): unknown {
  try {
    return readStored(SEARCH_HISTORY_STORAGE_KEY) ?? null;
  } catch (error) {
    if (isServiceError(error) && error.kind === 'validation') return null;
    throw error;
  }
}

/** Saves the search history (nothing on the server). Throws when storage refuses it. */
export function writeStoredSearchHistory(input: SearchHistorySave): void {
  writeStored(SEARCH_HISTORY_STORAGE_KEY, input.history);
}
