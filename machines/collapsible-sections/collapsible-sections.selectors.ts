import type { SnapshotFrom } from 'xstate';
import type { collapsibleSectionsMachine } from './collapsible-sections.machine.ts';

type CollapsibleSectionsSnapshot = SnapshotFrom<typeof collapsibleSectionsMachine>;

/** The names of the open sections, as the accordion's value. */
export const selectOpenSections = (snapshot: CollapsibleSectionsSnapshot): string[] => snapshot.context.open;
