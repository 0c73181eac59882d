import type { CarSearchResult } from '../../domain/search-result.ts';
import type { SearchState } from '../../domain/search-state.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import type { SearchInput } from './search.machine.ts';
import { searchMachine } from './search.machine.ts';

const input: SearchInput = {
  path: '/search/toyota',
  search: '',
  endpoint: { appId: 'forecourt', apiKey: 'browser-key', host: 'localhost/search-api', protocol: 'http' },
  index: 'cars',
  sortIndices: ['cars', 'cars_latest', 'cars_price_desc', 'cars_price_asc'],
  pageSize: 21,
  // One entry: the second answer fills it, so the next one takes the "full: drop the oldest" branch.
  cacheSize: 1,
  facets: ['make', 'body', 'car_type', 'price'],
  nowSeconds: 1_750_000_000,
  soldWindowDays: 3,
  inStockOnly: false,
  newAndDemoOnly: false,
  // A dealer with several places: "Within X km of my postcode" is offered (issue 37 item 3).
  nearby: true,
};

const result = (facets: CarSearchResult['facets']): CarSearchResult => ({
  hits: [],
  nbHits: 3,
  page: 0,
  nbPages: 1,
  facets,
  facetsStats: { price: { min: 9_990, max: 54_990 } },
  processingTimeMS: 1,
});

/** The Toyota page's own search: the state every path starts from once the route is read. */
const START: SearchState = { make: ['Toyota'] };

/** How many attributes of the Search state differ from the start. */
function changes(state: SearchState): number {
  const keys = new Set([...Object.keys(state), ...Object.keys(START)]) as Set<keyof SearchState>;
  // The distance filter's postcode and radius are set together: one change.
  keys.delete('within');
  return [...keys].filter((key) => JSON.stringify(state[key]) !== JSON.stringify(START[key])).length;
}

/**
 * The search page's path tests, on `/search/toyota` (so the route is read from the catalog first).
 * One payload per event; a catalog with and without Toyota (route found | notFound); a cache of one
 * entry so a repeated search is a hit and a new one evicts. Exploration stops two changes away from
 * the start, at data one change away, and at a change before the first result (so the only way to a
 * changed result is past the first one, evicting it): beyond that every transition repeats one
 * already covered.
 */
export const searchCatalogEntry = defineCatalogEntry(searchMachine, {
  summary:
    'Search page: route → search → hasData | hasError (retry); changes search again (cache, a pressed value early); a postcode geocoded first; notFound: unknown slug',
  promiseInvokes: {
    loadCatalog: 'runSearch',
    runSearch: 'runSearch',
    prefetch: 'runSearch',
    geocodePostcode: 'geocodePostcode',
  },
  // A press on a value spawns its search (`refinement.intent`).
  spawned: ['prefetch'],
  input,
  events: [
    { type: 'refinement.toggle', attribute: 'body', value: 'SUV' },
    // The press before that click: its search is kept for the click.
    { type: 'refinement.intent', attribute: 'body', value: 'SUV' },
    { type: 'menu.set', attribute: 'car_type', value: 'used' },
    { type: 'range.set', attribute: 'price', range: { min: 10_000, max: 30_000 } },
    { type: 'weekly.set', weekly: 200 },
    { type: 'weekly.set', weekly: null },
    // Within 25 km of Parramatta; a postcode that is not four digits (a message, no search); cleared.
    { type: 'near.set', postcode: '2150', within: 25 },
    { type: 'near.set', postcode: '21x', within: 25 },
    { type: 'near.clear' },
    { type: 'query.set', query: 'corolla' },
    { type: 'sort.set', sortBy: 'cars_price_asc' },
    { type: 'page.set', page: 2 },
    { type: 'location.change', path: '/search/toyota', search: 'page=2' },
    { type: 'location.change', path: '/search/no-such-make', search: '' },
    {
      type: 'xstate.done.actor.loadCatalog',
      output: result({ make: { Toyota: 3 }, make_model: { 'Toyota Corolla': 3 }, body: { SUV: 1 } }),
    },
    { type: 'xstate.done.actor.loadCatalog', output: result({ make: { Mazda: 3 } }) },
    { type: 'xstate.error.actor.loadCatalog', error: new Error('Network error: offline') },
    { type: 'xstate.done.actor.runSearch', output: result({ make: { Toyota: 3 }, body: { SUV: 1 } }) },
    { type: 'xstate.error.actor.runSearch', error: new Error('Search is unavailable') },
    { type: 'xstate.done.actor.prefetch', output: result({ make: { Toyota: 1 }, body: { SUV: 1 } }) },
    { type: 'xstate.error.actor.prefetch', error: new Error('Search is unavailable') },
    { type: 'xstate.done.actor.geocodePostcode', output: { postcode: '2150', lat: -33.815, lng: 151.0011 } },
    { type: 'xstate.error.actor.geocodePostcode', error: new Error('Invalid postcode') },
  ],
  stopWhen: (snapshot) => {
    const { state, location, resultKey, route, prefetchKey } = snapshot.context;
    const changed = route ? changes(state) : 0;
    return (
      changed >= 2 ||
      // A press is followed by its click or its answer, not by further changes.
      (prefetchKey !== null && changed >= 1) ||
      (changed >= 1 && (resultKey === null || snapshot.matches({ listing: 'hasData' }))) ||
      location.path !== input.path ||
      // A refused postcode's message stays until the next distance search: nothing further is new.
      snapshot.context.nearMessage !== null ||
      // Back at the start with a postcode looked up: the start's graph again, with a place kept.
      (changed === 0 && Object.keys(snapshot.context.places).length > 0) ||
      snapshot.matches('notFound')
    );
  },
  // The distance filter's look-up (a state of its own, a place kept) takes the graph past the default.
  limit: 10_000,
  // The graph has hundreds of simple paths (every order of the changes); shortest paths cover it.
  simplePaths: false,
});
