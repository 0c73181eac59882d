import { aroundParams } from '../../domain/distance-filter.ts';
import { facetFiltersOf, numericFiltersOf } from '../../domain/search-filters.ts';
import type { CarSearchRequest } from '../../domain/search-result.ts';
import { SEARCH_ATTRIBUTE_NAMES, type SearchAttribute, servicePage } from '../../domain/search-state.ts';

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
  aroundLatLng?: string;
  aroundRadius?: number;
}

/** The faceted attributes of the request that the state refines: each gets a disjunctive query. */
export function disjunctiveAttributes(request: CarSearchRequest): SearchAttribute[] {
  return SEARCH_ATTRIBUTE_NAMES.filter(
    (name) => request.facets.includes(name) && request.state[name] !== undefined,
  );
}

/**
 * Facets a disjunctive query counts beside its own: the model's query also counts `make_model`, so
 * every model the Model filter offers can be named with its make (`modelMakes` of the result), not
 * only the ticked ones the main query still holds (issue 31 item 19).
 */
function companions(request: CarSearchRequest, attribute: SearchAttribute): string[] {
  return attribute === 'model' && request.facets.includes('make_model') ? ['make_model'] : [];
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
    // The distance filter narrows every query, so the facet counts are of the cars near too.
    ...(request.around && aroundParams(request.around)),
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
      facets: [attribute, ...companions(request, attribute)],
      facetFilters: facetFiltersOf(state, attribute),
      numericFilters: numericFiltersOf(state, attribute),
      attributesToRetrieve: [],
      analytics: false,
    }),
  );
  return [main, ...disjunctive];
}
