/** A record as the index holds it: plain JSON with a string `objectID`. */
export type SearchRecord = { objectID: string } & { [attribute: string]: unknown };

/**
 * Index settings in Algolia's names. The engine reads the ones listed; any other setting is kept
 * as given and answered back by `getSettings` (so a push round-trips), but has no effect here.
 */
export interface IndexSettings {
  /** Ordered; `a,b` shares a rank, `unordered(a)` is accepted; nested paths like `manufacturer.name`. */
  searchableAttributes?: string[];
  /** `attr`, `searchable(attr)`, `filterOnly(attr)`, `afterDistinct(attr)`. */
  attributesForFaceting?: string[];
  /** `asc(attr)` / `desc(attr)` tie-breakers applied at the `custom` criterion. */
  customRanking?: string[];
  /** Ranking criteria; a standard replica puts `asc(attr)`/`desc(attr)` first. */
  ranking?: string[];
  /** Replica index names of a primary. */
  replicas?: string[];
  /** Set on a replica: the primary whose records it shows. */
  primary?: string;
  paginationLimitedTo?: number;
  hitsPerPage?: number;
  maxValuesPerFacet?: number;
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  unretrievableAttributes?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  /** Searchable attributes where only whole words match (no prefix). */
  disablePrefixOnAttributes?: string[];
  /** Searchable attributes where no word matches with a typo. */
  disableTypoToleranceOnAttributes?: string[];
  [setting: string]: unknown;
}

/** `facetFilters` / `numericFilters` / `tagFilters`: outer AND, inner OR, or a single string. */
export type FilterListInput = string | ReadonlyArray<string | readonly string[]>;

/** The search parameters the engine honours (already validated by the endpoint's zod schema). */
export interface SearchParams {
  query?: string;
  filters?: string;
  facetFilters?: FilterListInput;
  numericFilters?: FilterListInput;
  tagFilters?: FilterListInput;
  facets?: string[];
  maxValuesPerFacet?: number;
  sortFacetValuesBy?: 'count' | 'alpha';
  page?: number;
  hitsPerPage?: number;
  offset?: number;
  length?: number;
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  restrictSearchableAttributes?: string[];
  typoTolerance?: boolean | 'min' | 'strict';
  queryType?: 'prefixLast' | 'prefixAll' | 'prefixNone';
  /** Facet value search only. */
  facetQuery?: string;
  /** Facet value search only (default 10, at most 100). */
  maxFacetHits?: number;
  /** The centre of a radial geo search, "lat,lng" (records are matched by their `_geoloc`). */
  aroundLatLng?: string;
  /** The circle's radius in metres, or `all` (every record with a `_geoloc`). */
  aroundRadius?: number | 'all';
  /** Adds `_rankingInfo` (its geo fields) to each hit of a geo search. */
  getRankingInfo?: boolean;
}

/** `matchLevel` of one highlighted value. */
export type MatchLevel = 'none' | 'partial' | 'full';

/** One highlighted value of `_highlightResult`. */
export interface HighlightValue {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

/** `_highlightResult`: mirrors the record's shape down to highlighted leaves. */
export type HighlightTree = HighlightValue | HighlightTree[] | { [key: string]: HighlightTree };

/** A hit: the retrieved attributes, `objectID` and, with a query, `_highlightResult`. */
export type SearchHit = {
  objectID: string;
  _highlightResult?: Record<string, HighlightTree>;
  /** With `getRankingInfo` on a geo search: the record's nearest point and its distance (metres). */
  _rankingInfo?: {
    geoDistance: number;
    geoPrecision: number;
    matchedGeoLocation: { lat: number; lng: number; distance: number };
  };
} & {
  [attribute: string]: unknown;
};

/** `facets_stats` of one numeric facet. */
export interface FacetStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

/** One search result, in Algolia's shape. */
export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  offset?: number;
  length?: number;
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, FacetStats>;
  exhaustiveFacetsCount: boolean;
  exhaustiveNbHits: boolean;
  exhaustive: { facetsCount: boolean; nbHits: boolean; typo: boolean };
  processingTimeMS: number;
  query: string;
  params: string;
  index: string;
  renderingContent: Record<string, never>;
}

/** One facet value found by a facet value search. */
export interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

/** A facet value search result, in Algolia's shape. */
export interface FacetSearchResponse {
  facetHits: FacetHit[];
  exhaustiveFacetsCount: boolean;
  processingTimeMS: number;
}
