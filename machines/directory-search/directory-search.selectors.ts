import type { SnapshotFrom } from 'xstate';
import type { directorySearchMachine } from './directory-search.machine.ts';
import { type DirectorySuggestion, directorySuggestions } from './directory-suggestions.ts';

type DirectorySearchSnapshot = SnapshotFrom<typeof directorySearchMachine>;

/*
 * The selectors that show the box take the listing's query (the owner's prop, issue 32 item 5):
 * while it differs from the query the box last committed, it changed elsewhere (back, forward, a
 * link) and the box shows it, with no suggestions and nothing pending, until the next typing event
 * carries it in.
 */
const isOutside = (snapshot: DirectorySearchSnapshot, query: string): boolean =>
  query !== snapshot.context.committed;

/** The text in the box. */
export const selectText = (snapshot: DirectorySearchSnapshot, query: string): string =>
  isOutside(snapshot, query) ? query : snapshot.context.text;

/** The suggestions for the text: makes first, then models. */
export const selectSuggestions = (snapshot: DirectorySearchSnapshot): DirectorySuggestion[] =>
  directorySuggestions(snapshot.context.hits);

/** Whether the suggestion list is open: suggestions arrived and none was chosen or dismissed since. */
export const selectIsOpen = (snapshot: DirectorySearchSnapshot, query: string): boolean =>
  !isOutside(snapshot, query) && snapshot.hasTag('open') && snapshot.context.hits.length > 0;

/** Whether the box is waiting: for the debounce or for suggestions. */
export const selectIsBusy = (snapshot: DirectorySearchSnapshot, query: string): boolean =>
  !isOutside(snapshot, query) && snapshot.hasTag('busy');

/** The message of a failed suggestion search, while it stands. */
export const selectError = (snapshot: DirectorySearchSnapshot, query: string): string | null =>
  !isOutside(snapshot, query) && snapshot.matches('failed') ? snapshot.context.error : null;

/** The id of the active suggestion (arrow keys move it, Enter opens it), or `null` when none is. */
export const selectActiveId = (snapshot: DirectorySearchSnapshot, query: string): string | null =>
  selectIsOpen(snapshot, query) ? snapshot.context.activeId : null;
