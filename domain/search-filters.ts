import {
  SEARCH_ATTRIBUTE_NAMES,
  SEARCH_ATTRIBUTES,
  type SearchAttribute,
  type SearchState,
} from './search-state.ts';

/**
 * A Search state as Algolia filters, the way InstantSearch's helper writes them: the listing's
 * queries (`services/search/search.queries.ts`) and a saved search's matching (issue 19 item 2).
 */

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
