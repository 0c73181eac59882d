import { defineCatalogEntry } from '../catalog.types.ts';
import { directorySearchMachine } from './directory-search.machine.ts';
import type { DirectoryModelHit } from './directory-suggestions.ts';

const corolla: DirectoryModelHit = {
  objectID: 'toyota-corolla',
  make: 'Toyota',
  makeSlug: 'toyota',
  model: 'Corolla',
  modelSlug: 'corolla',
  body: ['Hatch'],
};

/**
 * The search box's path tests: typing a query or emptying the box (the debounce commits only a
 * changed query and asks for suggestions only for a non-empty one); the models index answers with a
 * hit (two suggestions: the make and the model, so the arrow keys wrap), with none, or fails; a known
 * and an unknown suggestion; Enter with and without an active suggestion; typing, Enter and
 * clearing under a listing query changed elsewhere (`ranger`), which the box takes in first.
 */
export const directorySearchCatalogEntry = defineCatalogEntry(directorySearchMachine, {
  summary:
    'Directory search box: typing → 300 ms → commit → suggestions (models index) | none | failed (retry); arrows move the active one, Enter or a click opens it',
  promiseInvokes: { searchDirectory: 'searchDirectory' },
  input: { query: '', suggestions: true },
  events: [
    { type: 'input.change', text: 'corolla', query: '' },
    { type: 'input.change', text: '', query: '' },
    { type: 'input.change', text: 'corolla', query: 'ranger' },
    { type: 'input.submit', query: '' },
    { type: 'input.submit', query: 'ranger' },
    { type: 'input.submit', query: 'corolla' },
    { type: 'input.clear', query: '' },
    { type: 'input.clear', query: 'corolla' },
    { type: 'suggestion.choose', id: 'model:toyota-corolla' },
    { type: 'suggestion.choose', id: 'make:kia' },
    { type: 'xstate.done.actor.searchDirectory', output: [corolla] },
    { type: 'xstate.done.actor.searchDirectory', output: [] },
    { type: 'xstate.error.actor.searchDirectory', error: new Error('Network error: offline') },
  ],
  // Typing, Enter and clearing are accepted in every state, so simple paths grow exponentially;
  // the shortest paths already take every transition.
  simplePaths: false,
  notThroughUi: {
    'failed retry':
      'the search box shows no Retry after a failed suggestion search: typing again (input.change) searches again',
  },
});
