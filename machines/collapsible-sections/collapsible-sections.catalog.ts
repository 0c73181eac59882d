import { defineCatalogEntry } from '../catalog.types.ts';
import { collapsibleSectionsMachine } from './collapsible-sections.machine.ts';

/**
 * The collapsible sections' path tests, with one section that persists its open state and one that
 * does not (the car page has five; two keep the graph small and cover both kinds).
 */
export const collapsibleSectionsCatalogEntry = defineCatalogEntry(collapsibleSectionsMachine, {
  summary:
    'Collapsible sections: defaults → restoring → restored | storageFailed (retry); a change settles them in restored and writes the persisted ones',
  input: {
    sections: [
      { name: 'Why Buy From Us', persist: false, defaultOpen: false },
      { name: 'Car Summary', persist: true, defaultOpen: true },
    ],
  },
  promiseInvokes: { readOpenSections: 'readOpenSections' },
  events: [
    { type: 'sections.change', open: ['Why Buy From Us'] },
    { type: 'sections.change', open: [] },
    { type: 'xstate.done.actor.readOpenSections', output: { 'Car Summary': false } },
    { type: 'xstate.error.actor.readOpenSections', error: new Error('Storage is unavailable') },
  ],
  provide: { actions: { writeOpenSections: () => {} } },
  // The open set is part of each state's identity, so every restore/change order is a distinct simple
  // path (about 2,900). Shortest paths already take every transition and reach every open set.
  simplePaths: false,
  notThroughUi: {
    'restoring xstate.error.actor.readOpenSections':
      'the storage adapter reads an unreadable or blocked storage as nothing stored (services/vehicle/open-sections.storage.ts), so restoring never fails in a browser',
    'storageFailed sections.restore':
      'storageFailed is never entered in a browser (see the restore error above)',
  },
});
