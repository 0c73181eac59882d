import type { CarSearchRequest } from '../../domain/search-result.ts';
import {
  SEARCH_ATTRIBUTE_NAMES,
  SEARCH_ATTRIBUTES,
  type SearchAttribute,
  type SearchState,
  servicePage,
} from '../../domain/search-state.ts';

/**
 * The multi-query for one search, built the way InstantSearch's helper builds it: one main query,
 * plus one facet-only query per refined faceted attribute with that attribute's own refinement
 * dropped, so a checkbox list, dropdown or slider still offers its other values (disjunctive
 * faceting; `../shared/guides/search-protocol.md` "Requests to answer").
 */

/** One query of the multi-query, in algoliasearch v5's shape. */
export interface SearchQuery {
  indexName: string;
  query: string;
  page: number;
  hitsPerPage: number;
  facets: string[];
  facetFilters: string[][];
  numericFilters: string[];
  filters: string;
  attributesToRetrieve: string[];
  attributesToHighlight: string[];
  maxValuesPerFacet?: number;
  analytics?: boolean;
}

/** InstantSearch's `escapeFacetValue`: a leading `-` would negate the filter, so it is escaped. */
export function escapeFacetValue(value: string): string {
  return value.replace(/^-/, '\\-');
}

/** `facetFilters`: one OR-group per refined list or menu attribute (outer array AND), but `except`. */
export function facetFiltersOf(state: SearchState, except?: SearchAttribute): string[][] {
  const groups: string[][] = [];
  for (const name of SEARCH_ATTRIBUTE_NAMES) {
    if (name === except || SEARCH_ATTRIBUTES[name] === 'range') continue;
    const value = state[name];
    const values = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    if (values.length > 0) groups.push(values.map((v) => `${name}:${escapeFacetValue(v)}`));
  }
  return groups;
}

/** `numericFilters`: each refined range end as `attr>=min` / `attr<=max`, but for `except`. */
export function numericFiltersOf(state: SearchState, except?: SearchAttribute): string[] {
  const filters: string[] = [];
  for (const name of SEARCH_ATTRIBUTE_NAMES) {
    if (name === except || SEARCH_ATTRIBUTES[name] !== 'range') continue;
    const range = state[name];
    if (typeof range !== 'object' || Array.isArray(range)) continue;
    if (range.min !== undefined) filters.push(`${name}>=${range.min}`);
    if (range.max !== undefined) filters.push(`${name}<=${range.max}`);
  }
  return filters;
}

/** The faceted attributes of the request that the state refines: each gets a disjunctive query. */
export function disjunctiveAttributes(request: CarSearchRequest): SearchAttribute[] {
  return SEARCH_ATTRIBUTE_NAMES.filter(
    (name) => request.facets.includes(name) && request.state[name] !== undefined,
  );
}

/** The main query followed by one disjunctive query per {@link disjunctiveAttributes}. */
export function buildQueries(request: CarSearchRequest, attributes: readonly string[]): SearchQuery[] {
  const { state } = request;
  const common = {
    indexName: request.indexName,
    query: state.query ?? '',
    filters: request.filters,
    attributesToHighlight: [],
    ...(request.maxValuesPerFacet === undefined ? {} : { maxValuesPerFacet: request.maxValuesPerFacet }),
  };
  const main: SearchQuery = {
    ...common,
    page: servicePage(state),
    hitsPerPage: request.hitsPerPage,
    facets: [...request.facets],
    facetFilters: facetFiltersOf(state),
    numericFilters: numericFiltersOf(state),
    attributesToRetrieve: [...attributes],
  };
  const disjunctive = disjunctiveAttributes(request).map(
    (attribute): SearchQuery => ({
      ...common,
      page: 0,
      hitsPerPage: 0,
      facets: [attribute],
      facetFilters: facetFiltersOf(state, attribute),
      numericFilters: numericFiltersOf(state, attribute),
      attributesToRetrieve: [],
      analytics: false,
    }),
  );
  return [main, ...disjunctive];
}
