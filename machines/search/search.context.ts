import type { NearPlace } from '../../domain/distance-filter.ts';
import type { CarSearchRequest, CarSearchResult, FacetCounts } from '../../domain/search-result.ts';
import type { SearchRoute } from '../../domain/search-routes.ts';
import { type ListAttribute, type SearchState, toggleRefinement } from '../../domain/search-state.ts';
import {
  catalogFromFacets,
  catalogOfRoute,
  listingUrl,
  readListing,
  type UrlParts,
} from './search.location.ts';
import { type CacheEntry, requestKey, type SearchSettings, searchRequest } from './search.request.ts';

/**
 * The search page's context (spec §4 "Search results") and the pure updates its actions make.
 * The result on screen is the cache entry `resultKey` names: the last good result, which stays while
 * loading and after an error. It is never the entry a full cache drops: a search's result is added
 * as the one shown, and a pressed value's result (`prefetchKey`) drops the oldest entry but the shown.
 */
export interface SearchContext {
  settings: SearchSettings;
  /** The address the machine shows (raw path and query string). */
  location: UrlParts;
  /** The listing route of `location.path`; null until a `/search/{slug}` path is read. */
  route: SearchRoute | null;
  /** Whether the makes, models and bodies the routes read have been loaded. */
  catalogLoaded: boolean;
  state: SearchState;
  /** The cache key of the result on screen (null before the first). */
  resultKey: string | null;
  /** Results by request, oldest first (§4: the oldest is dropped when full). */
  cache: CacheEntry[];
  error: string | null;
  /** The cache key of the search a pressed value started (the `prefetch` child); null when none runs. */
  prefetchKey: string | null;
  /** Postcodes geocoded for the distance filter: a position, or why there is none (issue 37 item 3). */
  places: Record<string, NearPlace>;
  /** The distance filter's message for a postcode that is not four digits (nothing was searched). */
  nearMessage: string | null;
}

/** The context of a fresh page at `url`; a `/search/{slug}` route is read later, with the catalog. */
export function initialContext(settings: SearchSettings, url: UrlParts): SearchContext {
  const listing = readListing(url, null, settings);
  return {
    settings,
    location: { path: url.path, search: url.search },
    route: listing?.route ?? null,
    catalogLoaded: false,
    state: listing?.state ?? {},
    resultKey: null,
    cache: [],
    error: null,
    prefetchKey: null,
    places: {},
    nearMessage: null,
  };
}

/** The cache key of the search the context stands for. */
export function currentKey(context: SearchContext): string {
  return requestKey(searchRequest(context.settings, context.route, context.state, context.places));
}

/** Whether the cache holds the current search's result (it is then shown at once, without a search). */
export function isCachedSearch(context: SearchContext): boolean {
  const key = currentKey(context);
  return context.cache.some((entry) => entry.key === key);
}

/** §4: a new search state; its address follows (a removed route preset leaves the route's page). */
export function withState(context: SearchContext, state: SearchState): Partial<SearchContext> {
  if (!context.route) return { state };
  const shown = listingUrl({ route: context.route, state: context.state, ...context.location }, state);
  return {
    state,
    route: shown.route,
    location: { path: shown.path, search: shown.search },
  };
}

/** The address changed outside: the same path keeps its route, another path is read again. */
export function withLocation(context: SearchContext, url: UrlParts): Partial<SearchContext> {
  const samePath = url.path === context.location.path && context.route !== null;
  const catalog = samePath && context.route ? catalogOfRoute(context.route) : null;
  const listing = readListing(url, catalog, context.settings);
  return {
    location: { path: url.path, search: url.search },
    route: listing?.route ?? null,
    state: listing?.state ?? context.state,
    catalogLoaded: samePath && context.catalogLoaded,
  };
}

/** The route read with the catalog's facets (still null for a slug the dealer's stock lacks). */
export function withCatalog(context: SearchContext, facets: FacetCounts): Partial<SearchContext> {
  const listing = readListing(context.location, catalogFromFacets(facets), context.settings);
  return { catalogLoaded: true, route: listing?.route ?? null, state: listing?.state ?? context.state };
}

/** The search a toggle of `value` would run: its request and cache key (its route may change too). */
export function withToggled(
  context: SearchContext,
  attribute: ListAttribute,
  value: string,
): { request: CarSearchRequest; key: string } {
  const next = { ...context, ...withState(context, toggleRefinement(context.state, attribute, value)) };
  const request = searchRequest(next.settings, next.route, next.state, next.places);
  return { request, key: requestKey(request) };
}

/** The current search's result, now shown and kept (replacing a pressed value's copy of it). */
export function withResult(context: SearchContext, result: CarSearchResult): Partial<SearchContext> {
  const key = currentKey(context);
  const cache = context.cache.filter((entry) => entry.key !== key);
  return { resultKey: key, error: null, cache: [...cache, { key, result }] };
}

/**
 * A pressed value's result, kept for its click: added as the newest entry; when the cache is full the
 * oldest entry other than the one on screen makes room.
 */
export function withPrefetchedResult(
  context: SearchContext,
  result: CarSearchResult,
): Partial<SearchContext> {
  const key = context.prefetchKey;
  if (key === null || context.cache.some((entry) => entry.key === key)) return { prefetchKey: null };
  const full = context.cache.length >= context.settings.cacheSize;
  const dropped = full ? context.cache.findIndex((entry) => entry.key !== context.resultKey) : -1;
  const kept = context.cache.filter((_, index) => index !== dropped);
  // A cache of one holding the result on screen keeps it: the pressed value's result is not kept.
  if (kept.length >= context.settings.cacheSize) return { prefetchKey: null };
  return { cache: [...kept, { key, result }], prefetchKey: null };
}

/** The current search's cached result is shown at once. */
export function withCachedResult(context: SearchContext): Partial<SearchContext> {
  return { resultKey: currentKey(context), error: null };
}

/** The result on screen: the last good one (null before the first). */
export function shownResult(context: SearchContext): CarSearchResult | null {
  if (context.resultKey === null) return null;
  return context.cache.find((entry) => entry.key === context.resultKey)?.result ?? null;
}

/** Whether the state's postcode must be geocoded before it searches (offered, set, not yet asked). */
export function needsPlace(context: SearchContext): boolean {
  const { near } = context.state;
  return context.settings.nearby === true && near !== undefined && !Object.hasOwn(context.places, near);
}

/**
 * A postcode's place, kept for the page's life (Back and Forward search again without asking).
 * Kept on the postcode the search asked about, even if the state moved on meanwhile.
 */
export function withPlace(
  context: SearchContext,
  postcode: string,
  place: NearPlace,
): Partial<SearchContext> {
  return { places: { ...context.places, [postcode]: place } };
}

/** Asking again for a postcode whose look-up failed: its refusal is forgotten so it is geocoded anew. */
export function withoutFailedPlace(context: SearchContext, postcode: string): Partial<SearchContext> {
  const place = Object.hasOwn(context.places, postcode) ? context.places[postcode] : undefined;
  if (!place || !('error' in place)) return { nearMessage: null };
  const { [postcode]: _dropped, ...places } = context.places;
  return { places, nearMessage: null };
}
