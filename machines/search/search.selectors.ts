import type { SnapshotFrom } from 'xstate';
import type { CarType } from '../../domain/car.ts';
import { carTypeSchema } from '../../domain/car.ts';
import type { CarHit, FacetCounts, FacetStats } from '../../domain/search-result.ts';
import { type SearchState, setPage } from '../../domain/search-state.ts';
import type { SearchSuggestion } from '../../domain/search-suggestions.ts';
import { currentKey, shownResult } from './search.context.ts';
import { hrefOf, listingUrl, tileListing } from './search.location.ts';
import type { searchMachine } from './search.machine.ts';

type SearchSnapshot = SnapshotFrom<typeof searchMachine>;

const NO_HITS: CarHit[] = [];
const NO_FACETS: FacetCounts = {};
const NO_STATS: Record<string, FacetStats> = {};
const NO_SUGGESTIONS: SearchSuggestion[] = [];

/**
 * The page's state: the spec's three (§4 "Search results": loading, hasData, hasError), notFound for
 * an unknown `/search/{slug}`, and failed when such a slug could not be read (nothing to show yet).
 */
export type SearchStatus = 'loading' | 'hasData' | 'hasError' | 'failed' | 'notFound';

/** loading, hasData, hasError, failed or notFound. */
export const selectStatus = (snapshot: SearchSnapshot): SearchStatus => {
  if (snapshot.matches('notFound')) return 'notFound';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches({ listing: 'hasError' })) return 'hasError';
  return snapshot.hasTag('loading') ? 'loading' : 'hasData';
};

/**
 * What the page shows: the listing (loading, hasData or hasError, which the listing tells apart),
 * notFound or failed. A search starting or ending leaves it as it is.
 */
export const selectPageView = (snapshot: SearchSnapshot): 'listing' | 'notFound' | 'failed' => {
  const status = selectStatus(snapshot);
  return status === 'notFound' || status === 'failed' ? status : 'listing';
};

/** Whether a search (or the route's catalog) is in flight. */
export const selectIsLoading = (snapshot: SearchSnapshot): boolean => snapshot.hasTag('loading');

/** Whether there is a result to show (the last good one stays while loading and after an error). */
export const selectHasResult = (snapshot: SearchSnapshot): boolean => shownResult(snapshot.context) !== null;

/** Whether the shown result is not the current search's (loading, or failed): the grid is stale. */
export const selectIsStale = (snapshot: SearchSnapshot): boolean =>
  snapshot.context.resultKey !== null && snapshot.context.resultKey !== currentKey(snapshot.context);

/** The cars on screen. */
export const selectHits = (snapshot: SearchSnapshot): CarHit[] =>
  shownResult(snapshot.context)?.hits ?? NO_HITS;

/** How many cars match (before the §9 stock-count rule). */
export const selectCount = (snapshot: SearchSnapshot): number => shownResult(snapshot.context)?.nbHits ?? 0;

/** How many pages the result has. */
export const selectPageCount = (snapshot: SearchSnapshot): number =>
  shownResult(snapshot.context)?.nbPages ?? 0;

/** Value → count of every counted facet. */
export const selectFacets = (snapshot: SearchSnapshot): FacetCounts =>
  shownResult(snapshot.context)?.facets ?? NO_FACETS;

const NO_MAKES: Record<string, string> = {};

/** Each counted model's make (`Corolla` → `Toyota`): the Model filter names models by make. */
export const selectModelMakes = (snapshot: SearchSnapshot): Record<string, string> =>
  shownResult(snapshot.context)?.modelMakes ?? NO_MAKES;

/** min/max of every numeric facet (the range sliders' bounds; unrefined by their own range). */
export const selectFacetsStats = (snapshot: SearchSnapshot): Record<string, FacetStats> =>
  shownResult(snapshot.context)?.facetsStats ?? NO_STATS;

/** The Search state: query, page, sortBy and refinements (route presets included). */
export const selectSearchState = (snapshot: SearchSnapshot): SearchState => snapshot.context.state;

/** The 1-based page. */
export const selectPage = (snapshot: SearchSnapshot): number => snapshot.context.state.page ?? 1;

/** The sort's index: the replica chosen, or the primary index (most relevant). */
export const selectSortIndex = (snapshot: SearchSnapshot): string =>
  snapshot.context.state.sortBy ?? snapshot.context.settings.index;

/** Whether the listing route is known (a `/search/{slug}` is read with the catalog first). */
export const selectIsRouted = (snapshot: SearchSnapshot): boolean => snapshot.context.route !== null;

/** The car types the route lists (`/search/used-cars`), else null. */
export const selectRouteCarTypes = (snapshot: SearchSnapshot): readonly CarType[] | null =>
  snapshot.context.route?.kind === 'type' ? snapshot.context.route.carTypes : null;

/**
 * The car types the listing's base filter keeps, as `baseFilter` (search.request.ts) sets them: the
 * route's (`/search/used-cars`), or on the base listing the new-and-demo preset's; null for every type.
 * A saved search matches with them (issue 19 item 2).
 */
export const selectListedCarTypes = (snapshot: SearchSnapshot): readonly CarType[] | null => {
  const { route, settings } = snapshot.context;
  if (route?.kind === 'type') return route.carTypes;
  return (route === null || route.kind === 'all') && settings.newAndDemoOnly ? NEW_AND_DEMO : null;
};
const NEW_AND_DEMO: readonly CarType[] = ['new', 'demo'];

const ONE_TYPE: Record<string, readonly CarType[]> = Object.fromEntries(
  carTypeSchema.options.map((type) => [type, [type] as const]),
);

/** The car types shown: a car_type refinement, else the route's, else null (every type). */
export const selectShownCarTypes = (snapshot: SearchSnapshot): readonly CarType[] | null => {
  const refined = snapshot.context.state.car_type;
  return (refined && ONE_TYPE[refined]) || selectRouteCarTypes(snapshot);
};

/** The failure message while in hasError (or failed). */
export const selectError = (snapshot: SearchSnapshot): string | null =>
  snapshot.matches({ listing: 'hasError' }) || snapshot.matches('failed') ? snapshot.context.error : null;

/** The address the machine shows: `path?search`. */
export const selectHref = (snapshot: SearchSnapshot): string => hrefOf(snapshot.context.location);

/** Unix seconds the listing is shown at (tags such as 'New' are counted from it). */
export const selectNowSeconds = (snapshot: SearchSnapshot): number => snapshot.context.settings.nowSeconds;

/** The address of another state of this listing (a real link: works without JS and for crawlers). */
export const selectHrefFor =
  (state: SearchState) =>
  (snapshot: SearchSnapshot): string => {
    const { route, location } = snapshot.context;
    return route ? hrefOf(listingUrl({ route, state: snapshot.context.state, ...location }, state)) : '';
  };

/**
 * The address a make or body tile opens: this listing with that value as the only refinement of its
 * attribute, at `/search/{slug}` where that lists the same stock (`tileListing`).
 */
export const selectTileHref =
  (attribute: 'make' | 'body', value: string) =>
  (snapshot: SearchSnapshot): string => {
    const { route, location, state, settings } = snapshot.context;
    return route
      ? hrefOf(tileListing({ route, state, ...location }, { attribute, value }, settings.newAndDemoOnly))
      : '';
  };

/**
 * An empty result's nearest searches that have cars, nearest first (issue 37 item 2): none while
 * the result has cars.
 */
export const selectSuggestions = (snapshot: SearchSnapshot): SearchSuggestion[] =>
  shownResult(snapshot.context)?.suggestions ?? NO_SUGGESTIONS;

/** The address of a 1-based page of this search. */
export const selectPageHref = (page: number) => (snapshot: SearchSnapshot) =>
  selectHrefFor(setPage(snapshot.context.state, page))(snapshot);

/** Whether the listing offers "Within X km of my postcode" (a dealer with several places; issue 37 item 3). */
export const selectOffersNearby = (snapshot: SearchSnapshot): boolean =>
  snapshot.context.settings.nearby === true;

/** The distance filter's postcode and radius, as the state holds them (each undefined when unset). */
export const selectNearPostcode = (snapshot: SearchSnapshot): string | undefined =>
  snapshot.context.state.near;
/** The distance filter's radius in km. */
export const selectNearWithin = (snapshot: SearchSnapshot): number | undefined =>
  snapshot.context.state.within;

/** The position of the state's postcode, once geocoded (null before, without one, or when refused). */
export const selectNearPlace = (snapshot: SearchSnapshot): { lat: number; lng: number } | null => {
  const { near } = snapshot.context.state;
  if (near === undefined || !snapshot.context.settings.nearby) return null;
  const place = Object.hasOwn(snapshot.context.places, near) ? snapshot.context.places[near] : undefined;
  return place && !('error' in place) ? place : null;
};

/**
 * What the distance filter says: a postcode that is not four digits, or the look-up's refusal
 * ("Invalid postcode", §5) of the state's postcode, which then searches without the filter.
 */
export const selectNearMessage = (snapshot: SearchSnapshot): string | null => {
  const { nearMessage, places, state } = snapshot.context;
  if (nearMessage !== null) return nearMessage;
  if (state.near === undefined || !Object.hasOwn(places, state.near)) return null;
  const place = places[state.near];
  return place && 'error' in place ? place.error : null;
};
