import { type CarType, type VehicleKind, vehicleKindSchema } from './car.ts';
import { normaliseSearchState, type SearchState } from './search-state.ts';
import { parseSearchUrl } from './search-url.ts';
import { slugify } from './slug.ts';

/**
 * Listing routes under `/search` (`search-detail-finance-watchlist.md` §2 Routes;
 * `locations-forms-tradein-site.md` §2 Routes and the price-sorted search link):
 * `/search/{make-or-body-slug}`, `/search/{make}/{model}`, `/search/{body}-cars`, the listings by
 * type, and the listings by vehicle kind (`/search/caravans`, `/search/motorcycles`: linked from a
 * leisure dealer's menu), each turned into the filters it stands for.
 */

/** The listings by car type and the car types each shows. */
export const LISTING_TYPES = {
  'new-used-and-demo-cars': ['new', 'demo', 'used'],
  'new-cars': ['new'],
  'demo-cars': ['demo'],
  'used-cars': ['used'],
  'new-and-demo-cars': ['new', 'demo'],
} as const satisfies Record<string, readonly CarType[]>;
/** The slug of a listing by type. */
export type ListingTypeSlug = keyof typeof LISTING_TYPES;

/** The base of every listing route. */
export const SEARCH_ROUTE_BASE = '/search';

/** What the routes need to know to read a slug: the makes, models and body names the site lists. */
export interface SearchCatalog {
  /** Makes (a Make entity fits); a make without `slug` is slugified from its name. */
  readonly makes: readonly { readonly name: string; readonly slug?: string | null }[];
  /** Models with their make's name (a Model entity fits). */
  readonly models?: readonly {
    readonly name: string;
    readonly manufacturer_name: string;
    readonly slug?: string | null;
  }[];
  /** Body names as the `body` facet holds them, e.g. `SUV`, `People Mover`. */
  readonly bodies: readonly string[];
  /** Vehicle kinds the site lists (the `item_type` facet's values: `cars`, `caravans`, `motorcycles`). */
  readonly vehicleKinds?: readonly string[];
}

/** A listing route, with the names its slugs stand for. */
export type SearchRoute =
  | { readonly kind: 'all' }
  | { readonly kind: 'type'; readonly slug: ListingTypeSlug; readonly carTypes: readonly CarType[] }
  | { readonly kind: 'make'; readonly make: string; readonly makeSlug: string }
  | {
      readonly kind: 'model';
      readonly make: string;
      readonly makeSlug: string;
      readonly model: string;
      readonly modelSlug: string;
    }
  | { readonly kind: 'body'; readonly body: string; readonly bodySlug: string }
  /** A listing of one vehicle kind; its slug is the kind (`/search/caravans`). */
  | { readonly kind: 'vehicles'; readonly vehicleKind: VehicleKind };

const slugOf = (item: { name: string; slug?: string | null }): string => item.slug || slugify(item.name);

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return null;
  }
}

function matchBody(slug: string, catalog: SearchCatalog): SearchRoute | null {
  const body = catalog.bodies.find((name) => slugify(name) === slug);
  return body === undefined ? null : { kind: 'body', body, bodySlug: slug };
}

function matchVehicleKind(slug: string, catalog: SearchCatalog): SearchRoute | null {
  const kind = vehicleKindSchema.safeParse(slug);
  return kind.success && catalog.vehicleKinds?.includes(kind.data)
    ? { kind: 'vehicles', vehicleKind: kind.data }
    : null;
}

/**
 * The route of a pathname under `/search`, or `null` when it names nothing the catalog knows (the
 * page then shows not found). A listing type wins over a vehicle kind the site lists, that over a
 * make, a make over a body; `{body}-cars` is a body. Slugs are matched case-insensitively; a trailing slash is ignored.
 */
export function parseSearchPath(pathname: string, catalog: SearchCatalog): SearchRoute | null {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === SEARCH_ROUTE_BASE) return { kind: 'all' };
  if (!trimmed.startsWith(`${SEARCH_ROUTE_BASE}/`)) return null;
  const segments = trimmed
    .slice(SEARCH_ROUTE_BASE.length + 1)
    .split('/')
    .map(decodeSegment);
  if (segments.some((segment) => !segment)) return null;
  const [first = '', second] = segments as string[];
  const make = catalog.makes.find((item) => slugOf(item) === first);
  if (segments.length === 2 && second) {
    const model = make
      ? catalog.models?.find(
          (item) =>
            item.manufacturer_name.toLowerCase() === make.name.toLowerCase() && slugOf(item) === second,
        )
      : undefined;
    if (!make || !model) return null;
    return { kind: 'model', make: make.name, makeSlug: first, model: model.name, modelSlug: second };
  }
  if (segments.length !== 1) return null;
  if (Object.hasOwn(LISTING_TYPES, first)) {
    const slug = first as ListingTypeSlug;
    return { kind: 'type', slug, carTypes: LISTING_TYPES[slug] };
  }
  const vehicles = matchVehicleKind(first, catalog);
  if (vehicles) return vehicles;
  if (make) return { kind: 'make', make: make.name, makeSlug: first };
  return (
    matchBody(first, catalog) ?? (first.endsWith('-cars') ? matchBody(first.slice(0, -5), catalog) : null)
  );
}

/** The pathname of a route: `/search`, `/search/used-cars`, `/search/toyota/corolla`, `/search/suv`. */
export function searchRoutePath(route: SearchRoute): string {
  switch (route.kind) {
    case 'all':
      return SEARCH_ROUTE_BASE;
    case 'type':
      return `${SEARCH_ROUTE_BASE}/${route.slug}`;
    case 'make':
      return `${SEARCH_ROUTE_BASE}/${route.makeSlug}`;
    case 'model':
      return `${SEARCH_ROUTE_BASE}/${route.makeSlug}/${route.modelSlug}`;
    case 'body':
      return `${SEARCH_ROUTE_BASE}/${route.bodySlug}`;
    case 'vehicles':
      return `${SEARCH_ROUTE_BASE}/${route.vehicleKind}`;
  }
}

/** §2 facet tiles for make and body link to `/search/{make-or-body-slug}`. */
export function facetTilePath(value: string): string {
  return `${SEARCH_ROUTE_BASE}/${slugify(value)}`;
}

/** What a route pre-filters: car types for the base filter, and refinements the shopper may undo. */
export interface SearchRouteFilters {
  /** Car types of a listing by type (they replace the new-and-demo preset); `null` elsewhere. */
  readonly carTypes: readonly CarType[] | null;
  /** Refinements the route starts with: the make, model, body or vehicle kind (`item_type`). */
  readonly state: SearchState;
}

/** The filters a route stands for. */
export function searchRouteFilters(route: SearchRoute): SearchRouteFilters {
  switch (route.kind) {
    case 'all':
      return { carTypes: null, state: {} };
    case 'type':
      return { carTypes: route.carTypes, state: {} };
    case 'make':
      return { carTypes: null, state: { make: [route.make] } };
    case 'model':
      return { carTypes: null, state: { make: [route.make], model: [route.model] } };
    case 'body':
      return { carTypes: null, state: { body: [route.body] } };
    case 'vehicles':
      return { carTypes: null, state: { item_type: route.vehicleKind } };
  }
}

/** A listing page's search: its route, base car types and the state of path and query together. */
export interface SearchLocation extends SearchRouteFilters {
  readonly route: SearchRoute;
}

/**
 * Reads a listing page's address: the route of the pathname and the Search state of the route's
 * pre-filter and the query string (list values joined, route values first). `null` for an unknown path.
 */
export function parseSearchLocation(
  pathname: string,
  search: string,
  catalog: SearchCatalog,
  options: { readonly sortIndices?: readonly string[] } = {},
): SearchLocation | null {
  const route = parseSearchPath(pathname, catalog);
  if (!route) return null;
  const filters = searchRouteFilters(route);
  const fromUrl = parseSearchUrl(search, options);
  const merged: SearchState = { ...fromUrl };
  for (const name of ['make', 'model', 'body'] as const) {
    const preset = filters.state[name];
    if (preset) merged[name] = [...preset, ...(fromUrl[name] ?? [])];
  }
  if (filters.state.item_type) merged.item_type = filters.state.item_type;
  return { route, carTypes: filters.carTypes, state: normaliseSearchState(merged) };
}
