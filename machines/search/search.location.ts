import type { FacetCounts } from '../../domain/search-result.ts';
import {
  facetTilePath,
  parseSearchLocation,
  type SearchCatalog,
  type SearchRoute,
  searchRouteFilters,
  searchRoutePath,
} from '../../domain/search-routes.ts';
import { normaliseSearchState, type SearchState } from '../../domain/search-state.ts';
import { searchHref } from '../../domain/search-url.ts';
import { slugify } from '../../domain/slug.ts';

/**
 * The listing's address both ways, around the domain's routes (`domain/search-routes.ts`) and URL
 * format (`domain/search-url.ts`): a route's presets (make, model, body) live in the path, the rest of
 * the Search state in the query string.
 */

/** The sort indices a listing accepts; the primary index is the default sort and never written. */
export interface SortSettings {
  readonly index: string;
  readonly sortIndices: readonly string[];
}

/** A listing address read: the route and the whole Search state (route presets included). */
export interface Listing {
  readonly route: SearchRoute;
  readonly state: SearchState;
}

/** A path and a query string (no `?`), raw. */
export interface UrlParts {
  readonly path: string;
  readonly search: string;
}

const EMPTY_CATALOG: SearchCatalog = { makes: [], bodies: [] };

/** Facets the catalog of listing routes is read from. */
export const CATALOG_FACETS: readonly string[] = ['make', 'make_model', 'body', 'item_type'];

/**
 * The makes, models, bodies and vehicle kinds of the dealer's listed stock, from facet counts:
 * `make_model` values are `{make} {model}`, split at the longest make that prefixes them.
 */
export function catalogFromFacets(facets: FacetCounts): SearchCatalog {
  const makes = Object.keys(facets.make ?? {}).map((name) => ({ name }));
  const longestFirst = [...makes].sort((a, b) => b.name.length - a.name.length);
  const models = Object.keys(facets.make_model ?? {}).flatMap((value) => {
    const make = longestFirst.find((m) => value.startsWith(`${m.name} `));
    return make ? [{ name: value.slice(make.name.length + 1), manufacturer_name: make.name }] : [];
  });
  return {
    makes,
    models,
    bodies: Object.keys(facets.body ?? {}),
    vehicleKinds: Object.keys(facets.item_type ?? {}),
  };
}

/** The smallest catalog that reads a known route again (its make, model, body or vehicle kind). */
export function catalogOfRoute(route: SearchRoute): SearchCatalog {
  switch (route.kind) {
    case 'make':
      return { makes: [{ name: route.make, slug: route.makeSlug }], bodies: [] };
    case 'model':
      return {
        makes: [{ name: route.make, slug: route.makeSlug }],
        models: [{ name: route.model, manufacturer_name: route.make, slug: route.modelSlug }],
        bodies: [],
      };
    case 'body':
      return { makes: [], bodies: [route.body] };
    case 'vehicles':
      return { makes: [], bodies: [], vehicleKinds: [route.vehicleKind] };
    default:
      return EMPTY_CATALOG;
  }
}

/**
 * Reads a listing address, or `null` for a path the catalog does not know (without a catalog only
 * `/search` and the listings by type are known). A `sortBy` naming the primary index is dropped.
 */
export function readListing(
  url: UrlParts,
  catalog: SearchCatalog | null,
  sort: SortSettings,
): Listing | null {
  const location = parseSearchLocation(url.path, url.search, catalog ?? EMPTY_CATALOG, {
    sortIndices: sort.sortIndices,
  });
  if (!location) return null;
  const { state } = location;
  return {
    route: location.route,
    state: state.sortBy === sort.index ? normaliseSearchState({ ...state, sortBy: undefined }) : state,
  };
}

const includes = (values: readonly string[] | undefined, value: string): boolean =>
  values?.includes(value) ?? false;

/** The route a state still fits: removing a route's make, model, body or vehicle kind leaves its page. */
export function routeForState(route: SearchRoute, state: SearchState): SearchRoute {
  switch (route.kind) {
    case 'make':
      return includes(state.make, route.make) ? route : { kind: 'all' };
    case 'model':
      if (!includes(state.make, route.make)) return { kind: 'all' };
      return includes(state.model, route.model)
        ? route
        : { kind: 'make', make: route.make, makeSlug: route.makeSlug };
    case 'body':
      return includes(state.body, route.body) ? route : { kind: 'all' };
    case 'vehicles':
      return state.item_type === route.vehicleKind ? route : { kind: 'all' };
    default:
      return route;
  }
}

/** The state without the route's presets (the path carries them). */
export function withoutRoutePresets(route: SearchRoute, state: SearchState): SearchState {
  const presets = searchRouteFilters(route).state;
  const out: SearchState = { ...state };
  for (const name of ['make', 'model', 'body'] as const) {
    const preset = presets[name];
    if (preset) out[name] = state[name]?.filter((value) => !preset.includes(value));
  }
  if (presets.item_type && state.item_type === presets.item_type) out.item_type = undefined;
  return normaliseSearchState(out);
}

/**
 * Where a state is shown: the route it still fits and its address. The current path is kept while
 * the route stays (so `/search/suv-cars` is not rewritten as `/search/suv`).
 */
export function listingUrl(current: Listing & { path: string }, state: SearchState): Listing & UrlParts {
  const route = routeForState(current.route, state);
  const path = route === current.route ? current.path : searchRoutePath(route);
  const href = searchHref(path, withoutRoutePresets(route, state));
  const search = href.includes('?') ? href.slice(href.indexOf('?') + 1) : '';
  return { route, state, path, search };
}

/**
 * The listing a facet tile opens (doc 1 §2 "facet tiles link here"): the shown listing with the
 * tile's value as the only refinement of its attribute and no page, so the tile's count — the
 * listing's own count of that value — is what the opened page lists (issue 31 item 21). Its path is
 * `/search/{slug}` where that route lists the same stock: from the base listing when no preset
 * narrows it, or from a page the new state no longer fits (another make's or body's). A listing by
 * type, and a base listing a preset narrows (`/search/{slug}` lists every type), keep their address.
 */
export function tileListing(
  current: Listing & { path: string },
  tile: { readonly attribute: 'make' | 'body'; readonly value: string },
  presetNarrowsBase: boolean,
): Listing & UrlParts {
  const state = normaliseSearchState({ ...current.state, page: undefined, [tile.attribute]: [tile.value] });
  const keep =
    current.route.kind === 'type' ||
    (current.route.kind === 'all'
      ? presetNarrowsBase
      : routeForState(current.route, state) === current.route);
  if (keep) return listingUrl(current, state);
  const slug = slugify(tile.value);
  const own: SearchRoute =
    tile.attribute === 'make'
      ? { kind: 'make', make: tile.value, makeSlug: slug }
      : { kind: 'body', body: tile.value, bodySlug: slug };
  return listingUrl({ route: own, state, path: facetTilePath(tile.value) }, state);
}

/** `path?search`, or the path alone. */
export function hrefOf(url: UrlParts): string {
  return url.search ? `${url.path}?${url.search}` : url.path;
}
