import { z } from 'zod/mini';
import { carTypeSchema, financeLendersSchema, thumbhashSchema, vehicleKindSchema } from './car.ts';
import { priceRatingSchema } from './deal-signals.ts';
import type { SearchState } from './search-state.ts';
import type { SearchSuggestion } from './search-suggestions.ts';

/**
 * The main search's request and answer (`search-detail-finance-watchlist.md` §3 "Search result":
 * hits, pages, count, facets, ms, with facetStats per numeric facet; §7 "Main search"). Shared by the
 * search machine, which builds requests and keeps results, and the search service, which sends them.
 */

const mediaUrl = z.string().check(z.regex(/^(\/|https?:\/\/)\S*$/, 'must be a site path or an http(s) URL'));
const text = z.nullable(z.string());
const number = z.nullable(z.number());

/**
 * One car of the listing: the fields of the `cars` index record a search card and its rules read
 * (tag precedence, price display, favourite buttons). Dates are unix seconds.
 */
export const carHitSchema = z.object({
  objectID: z.string().check(z.minLength(1)),
  id: z.int(),
  slug: z.string().check(z.minLength(1)),
  name: z.string(),
  year: z.nullable(z.int()),
  make: z.string(),
  model: z.string(),
  badge: text,
  series: text,
  car_type: carTypeSchema,
  /** in_stock, coming_soon, sold or another value a feed sends (not for sale). */
  status: z.string(),
  tag: text,
  km: number,
  body: text,
  fuel: text,
  transmission: text,
  price: number,
  before_price: number,
  offer_price: number,
  subscription_price: number,
  preorder: z.boolean(),
  price_type: text,
  city: text,
  state: text,
  location_name: text,
  dealership_slug: z.string(),
  created_at: z.int(),
  /** A broken image address is dropped rather than failing the whole search. */
  primary_image_url: z.catch(z.nullable(mediaUrl), null),
  /** The primary photo's thumbhash, shown blurred while it loads; absent or malformed, none is. */
  primary_image_thumbhash: z.catch(z.nullable(thumbhashSchema), null),
  vehicle_kind: vehicleKindSchema,
  reserved: z.boolean(),
  certified: z.boolean(),
  sold: z.boolean(),
  image_count: z.int().check(z.minimum(0)),
  /** The finance strip's lender entries (§2, §5); a malformed one shows no strip rather than failing the search. */
  finance_lenders: z.catch(financeLendersSchema, {}),
  /** Where the car is (its location's position): the card's distance under a distance filter (issue 37 item 3). */
  _geoloc: z.optional(z.catch(z.nullable(z.object({ lat: z.number(), lng: z.number() })), null)),
  /** Deal signals (decision 130): the last price drop, when it was one (unix seconds), and its amount. */
  price_dropped_at: z.optional(z.catch(z.optional(z.int()), undefined)),
  price_drop_amount: z.optional(z.catch(z.optional(z.number().check(z.positive())), undefined)),
  /** The price rating against comparable stock; a malformed one shows no chip rather than failing the search. */
  price_rating: z.optional(z.catch(z.optional(priceRatingSchema), undefined)),
});
/** One car of a search result. */
export type CarHit = z.infer<typeof carHitSchema>;

/** The record fields a search asks for (`attributesToRetrieve`): what {@link carHitSchema} reads. */
export const CAR_HIT_ATTRIBUTES: readonly string[] = Object.keys(carHitSchema.shape).filter(
  (key) => key !== 'objectID',
);

/** Value → count, per facet attribute. */
export type FacetCounts = Record<string, Record<string, number>>;
/** The bounds of a numeric facet over the results (the range slider's bounds). */
export interface FacetStats {
  min: number;
  max: number;
}

/** A search's answer: one page of hits, the total, facet counts and numeric facet stats. */
export interface CarSearchResult {
  hits: CarHit[];
  /** The count of matching cars. */
  nbHits: number;
  /** 0-based, as the service counts pages. */
  page: number;
  nbPages: number;
  facets: FacetCounts;
  facetsStats: Record<string, FacetStats>;
  /** Each counted model's make (`Corolla` → `Toyota`), when `make_model` is counted too. */
  modelMakes?: Record<string, string>;
  /** How long the search took, in ms. */
  processingTimeMS: number;
  /**
   * An empty result's nearest searches that have cars (issue 37 item 2; `domain/search-suggestions.ts`);
   * absent when the result has cars or searched everything.
   */
  suggestions?: SearchSuggestion[];
}

/**
 * One search of the car index, as the search machine asks for it: the Search state (query, page,
 * refinements) over an index or replica (the sort), the facets to count, the listing's base
 * `filters` (stock filter and presets) and the page size.
 */
export interface CarSearchRequest {
  indexName: string;
  state: SearchState;
  /** Facet attributes to count (and, for numbers, to give stats for). */
  facets: readonly string[];
  /** The base filter every result must also match (Algolia `filters` syntax). */
  filters: string;
  hitsPerPage: number;
  /** How many values each facet lists at most (Algolia's default is 100). */
  maxValuesPerFacet?: number;
  /** Only cars within `km` of the point (Algolia's `aroundLatLng` / `aroundRadius`; issue 37 item 3). */
  around?: { lat: number; lng: number; km: number };
}

/** How the browser reaches the search service: the site's public `search_connection`. */
export interface SearchEndpoint {
  appId: string;
  /** The site's secured browser key. */
  apiKey: string;
  /** `host[:port]/path`, or null for Algolia's own hosts. */
  host: string | null;
  protocol: 'http' | 'https';
}

/** What one car search runs, and what the search page's `runSearch` receives: where to search and what. */
export interface CarSearchCall {
  endpoint: SearchEndpoint;
  request: CarSearchRequest;
}
