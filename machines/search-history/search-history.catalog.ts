import { defineCatalogEntry } from '../catalog.types.ts';
import { searchHistoryMachine } from './search-history.machine.ts';

const fordUte = { make: ['Ford'], body: ['Ute'] };
const corolla = { query: 'corolla' };

/**
 * The search history's path tests: storage holds one search, or is unreadable; two searches to
 * remember (each again, which changes nothing when it is already first), and an empty search, which
 * is never remembered — also while loading, when the latest one waits for the stored history;
 * saving and loading each fail.
 */
export const searchHistoryCatalogEntry = defineCatalogEntry(searchHistoryMachine, {
  summary:
    'Search history (last 5): loading → loaded (ready ⇄ saving | saveFailed) | loadFailed; remember a search, clear, retry',
  promiseInvokes: { loadHistory: 'loadHistory', saveHistory: 'saveHistory' },
  events: [
    { type: 'xstate.done.actor.loadHistory', output: [fordUte] },
    { type: 'xstate.done.actor.loadHistory', output: 'not a history' },
    { type: 'xstate.error.actor.loadHistory', error: new Error('Storage is unavailable') },
    { type: 'xstate.done.actor.saveHistory', output: undefined },
    { type: 'xstate.error.actor.saveHistory', error: new Error('Storage is full') },
    { type: 'search.remember', search: corolla },
    { type: 'search.remember', search: fordUte },
    { type: 'search.remember', search: {} },
  ],
  // Remembering and saving cycle through every order of the two searches, so simple paths grow
  // exponentially; the shortest paths already take every transition.
  simplePaths: false,
  notThroughUi: {
    'loading search.remember':
      'only a server render shows a search while the history loads (it has no storage: the search waits as pending); the browser reads localStorage at once, before any search it shows',
    'loadFailed retry':
      'the recent searches show nothing and no Retry when the storage cannot be read; a new page reads it again',
    'loaded.saveFailed retry':
      'the recent searches offer no Retry when the storage refuses a write; the next search saves again',
  },
});
