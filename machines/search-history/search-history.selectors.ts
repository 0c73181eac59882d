import type { SnapshotFrom } from 'xstate';
import { describeSearch } from '../../domain/search-description.ts';
import { searchHistoryKey } from '../../domain/search-history.ts';
import { searchHref } from '../../domain/search-url.ts';
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
