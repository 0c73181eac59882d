import { defineCatalogEntry } from '../catalog.types.ts';
import { itemSearchMachine } from './item-search.machine.ts';

const result = {
  hits: [
    { objectID: '1', name: 'Tow bar', categories: ['Accessories', 'Towing'], price: 850, image_url: null },
  ],
  nbHits: 1,
  page: 1,
  nbPages: 1,
  categories: [{ name: 'Towing', count: 1 }],
};

/** The parts search's path tests: the search answers, or fails and `retry` searches again. */
export const itemSearchCatalogEntry = defineCatalogEntry(itemSearchMachine, {
  summary: 'Parts and accessories search: loading → ready | failed, and retry from failed',
  input: {
    endpoint: { appId: 'forecourt', apiKey: 'browser-key', host: 'localhost/search-api', protocol: 'http' },
    index: 'items',
    state: { query: 'tow' },
  },
  promiseInvokes: { runItemSearch: 'runItemSearch' },
  events: [
    { type: 'xstate.done.actor.runItemSearch', output: result },
    { type: 'xstate.error.actor.runItemSearch', error: new Error('Network error') },
  ],
});
