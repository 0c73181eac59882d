import type { SearchState } from '../../domain/search-state.ts';

/** Where the search history lives in the browser (one origin per dealer site, so one list each). */
export const SEARCH_HISTORY_STORAGE_KEY = 'forecourt.search-history';

function storage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

/**
 * The stored search history as it was saved, or `null` on the server or when nothing readable is
 * stored (the machine checks what it gets). Throws when storage itself cannot be reached.
 */
export function readStoredSearchHistory(): unknown {
  const raw = storage()?.getItem(SEARCH_HISTORY_STORAGE_KEY) ?? null;
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Saves the search history (nothing on the server). Throws when storage refuses it. */
export function writeStoredSearchHistory(history: readonly SearchState[]): void {
  storage()?.setItem(SEARCH_HISTORY_STORAGE_KEY, JSON.stringify(history));
}
