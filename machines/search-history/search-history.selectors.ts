import type { SnapshotFrom } from 'xstate';
import { searchHistoryKey } from '../../domain/search-history.ts';
import { type NumericRange, SEARCH_ATTRIBUTE_NAMES, type SearchState } from '../../domain/search-state.ts';
import { searchHref } from '../../domain/search-url.ts';
import { formatRangeValue } from '../range-slider/range-slider.selectors.ts';
import type { searchHistoryMachine } from './search-history.machine.ts';

type SearchHistorySnapshot = SnapshotFrom<typeof searchHistoryMachine>;

/** One remembered search as a link. */
export interface SearchHistoryLink {
  /** Unique within the history (`searchHistoryKey`). */
  key: string;
  /** `"ranger" · Ford · $20,000 – $40,000` */
  label: string;
  href: string;
}

function rangeLabel(attribute: string, range: NumericRange): string {
  const format = (value: number) => formatRangeValue(attribute, value);
  if (range.min !== undefined && range.max !== undefined)
    return `${format(range.min)} – ${format(range.max)}`;
  if (range.min !== undefined) return `${attribute === 'year' ? 'from' : 'over'} ${format(range.min)}`;
  return `${attribute === 'year' ? 'until' : 'under'} ${format(range.max ?? 0)}`;
}

/** A search in a few words: the query in quotes, then each refinement's values (`·` between). */
export function describeSearch(search: SearchState): string {
  const parts: string[] = search.query ? [`“${search.query}”`] : [];
  for (const name of SEARCH_ATTRIBUTE_NAMES) {
    const value = search[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) parts.push(value.join(', '));
    else if (typeof value === 'string') parts.push(value);
    else parts.push(rangeLabel(name, value));
  }
  return parts.join(' · ');
}

/** Whether the stored history is still being read. */
export const selectIsLoading = (snapshot: SearchHistorySnapshot): boolean => snapshot.hasTag('loading');

/** The remembered searches as links to the listing at `path` (the site's search path). */
export const selectHistoryLinks =
  (path: string) =>
  (snapshot: SearchHistorySnapshot): SearchHistoryLink[] =>
    snapshot.context.history.map((search) => ({
      key: searchHistoryKey(search),
      label: describeSearch(search),
      href: searchHref(path, search),
    }));

/** The message of a failed read or save, while it stands. */
export const selectError = (snapshot: SearchHistorySnapshot): string | null =>
  snapshot.matches('loadFailed') || snapshot.matches({ loaded: 'saveFailed' })
    ? snapshot.context.error
    : null;
