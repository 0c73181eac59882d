import type { SnapshotFrom } from 'xstate';
import type { collapsibleSectionsMachine } from './collapsible-sections.machine.ts';

type CollapsibleSectionsSnapshot = SnapshotFrom<typeof collapsibleSectionsMachine>;

/** The names of the open sections, as the accordion's value. */
export const selectOpenSections = (snapshot: CollapsibleSectionsSnapshot): string[] => snapshot.context.open;

/** Whether the persisted state has been read (or reading it failed), so it need not be asked again. */
export const selectHasRestored = (snapshot: CollapsibleSectionsSnapshot): boolean =>
  !snapshot.matches('defaults');
