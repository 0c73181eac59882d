import type { NearPlace } from '../../domain/distance-filter.ts';
import { stockFilter } from '../../domain/search-listing.ts';
import type { CarSearchRequest, CarSearchResult, SearchEndpoint } from '../../domain/search-result.ts';
import type { SearchRoute } from '../../domain/search-routes.ts';
import type { SearchState } from '../../domain/search-state.ts';
import { CATALOG_FACETS } from './search.location.ts';

/** A listing's fixed settings: where and how it searches (from the site config and switches). */
export interface SearchSettings {
  readonly endpoint: SearchEndpoint;
  /** The car index; its replicas are the other sorts. */
  readonly index: string;
  /** Every sort option's index or replica, the primary first. */
  readonly sortIndices: readonly string[];
  readonly pageSize: number;
  /** How many results the machine keeps (spec §4, §9: "cache size from configuration"). */
  readonly cacheSize: number;
  /** The attributes to count: the template's filters plus what the listing itself shows. */
  readonly facets: readonly string[];
  /** Unix seconds, fixed for the actor's life (the sold window is counted from it). */
  readonly nowSeconds: number;
  readonly soldWindowDays: number | null;
  /** The `searchPresetInStock` switch. */
  readonly inStockOnly: boolean;
  /** The `searchPresetNewAndDemo` switch. */
  readonly newAndDemoOnly: boolean;
  /**
   * Whether the listing offers "Within X km of my postcode" (issue 37 item 3): a dealer whose cars
   * stand at several places (`hasSeveralPlaces`). Without it a `near` in the address searches nothing.
   */
  readonly nearby?: boolean;
}

/** One remembered result, keyed by its request. */
export interface CacheEntry {
  key: string;
  result: CarSearchResult;
}

/**
 * The stock a route lists. The new-and-demo preset (§9 "Search filter presets") shapes the base
 * listing (`/search`); a make, model or body the shopper chose — a facet tile from a listing of every
 * type — lists all of that make's or body's stock, so the tile's count is what the page shows.
 */
function baseFilter(settings: SearchSettings, route: SearchRoute | null | 'catalog'): string {
  const base = route === null || (route !== 'catalog' && route.kind === 'all');
  return stockFilter({
    nowSeconds: settings.nowSeconds,
    soldWindowDays: settings.soldWindowDays,
    inStockOnly: settings.inStockOnly,
    newAndDemoOnly: settings.newAndDemoOnly && base,
    routeCarTypes: route !== null && route !== 'catalog' && route.kind === 'type' ? route.carTypes : null,
  });
}

/** The distance filter's centre and radius: the state's postcode once geocoded, on a listing that offers it. */
export function aroundOf(
  settings: SearchSettings,
  state: SearchState,
  places: Readonly<Record<string, NearPlace>>,
): CarSearchRequest['around'] | null {
  if (!settings.nearby || state.near === undefined || state.within === undefined) return null;
  const place = Object.hasOwn(places, state.near) ? places[state.near] : undefined;
  if (!place || 'error' in place) return null;
  return { lat: place.lat, lng: place.lng, km: state.within };
}

/**
 * The search for a state on a route: the sort's replica, the facets, the stock filter and page size,
 * and the distance filter once its postcode is geocoded (`places`).
 */
export function searchRequest(
  settings: SearchSettings,
  route: SearchRoute | null,
  state: SearchState,
  places: Readonly<Record<string, NearPlace>> = {},
): CarSearchRequest {
  const around = aroundOf(settings, state, places);
  return {
    indexName: state.sortBy ?? settings.index,
    state,
    facets: settings.facets,
    filters: baseFilter(settings, route),
    hitsPerPage: settings.pageSize,
    ...(around && { around }),
  };
}

/** The facet-only search a `/search/{slug}` route is read with: the makes, models and bodies listed. */
export function catalogRequest(settings: SearchSettings): CarSearchRequest {
  return {
    indexName: settings.index,
    state: {},
    facets: CATALOG_FACETS,
    // Every make, model and body the dealer lists, whatever the preset (a facet tile may name any).
    filters: baseFilter(settings, 'catalog'),
    hitsPerPage: 0,
    maxValuesPerFacet: 1000,
  };
}

/** A request's cache key (states are canonical, so equal searches have equal keys). */
export function requestKey(request: CarSearchRequest): string {
  return JSON.stringify(request);
}

/** §4: the cache without its oldest entries, leaving room for one more within `size`. */
export function withoutOldest(cache: readonly CacheEntry[], size: number): CacheEntry[] {
  return cache.slice(Math.max(0, cache.length - size + 1));
}
