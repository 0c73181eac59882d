import type { SnapshotFrom } from 'xstate';
import type { directorySearchMachine } from './directory-search.machine.ts';
import { type DirectorySuggestion, directorySuggestions } from './directory-suggestions.ts';

type DirectorySearchSnapshot = SnapshotFrom<typeof directorySearchMachine>;

/** The text in the box. */
export const selectText = (snapshot: DirectorySearchSnapshot): string => snapshot.context.text;

/** The suggestions for the text: makes first, then models. */
export const selectSuggestions = (snapshot: DirectorySearchSnapshot): DirectorySuggestion[] =>
  directorySuggestions(snapshot.context.hits);

/** Whether the suggestion list is open: suggestions arrived and none was chosen or dismissed since. */
export const selectIsOpen = (snapshot: DirectorySearchSnapshot): boolean =>
  snapshot.hasTag('open') && snapshot.context.hits.length > 0;

/** Whether the box is waiting: for the debounce or for suggestions. */
export const selectIsBusy = (snapshot: DirectorySearchSnapshot): boolean => snapshot.hasTag('busy');

/** The message of a failed suggestion search, while it stands. */
export const selectError = (snapshot: DirectorySearchSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;

/** The id of the active suggestion (arrow keys move it, Enter opens it), or `null` when none is. */
export const selectActiveId = (snapshot: DirectorySearchSnapshot): string | null =>
  selectIsOpen(snapshot) ? snapshot.context.activeId : null;
