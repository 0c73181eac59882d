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

/** The car record's weekly repayment as its card shows it (`server/search/records.ts`). */
export const WEEKLY_REPAYMENT_ATTRIBUTE = 'weekly_repayment';

/**
 * `numericFilters`: each refined range end as `attr>=min` / `attr<=max`, but for `except`; and
 * "Under $X a week" as `weekly_repayment<X` (a car without a weekly estimate never matches it).
 */
export function numericFiltersOf(state: SearchState, except?: SearchAttribute): string[] {
  const filters: string[] = [];
  for (const name of SEARCH_ATTRIBUTE_NAMES) {
    if (name === except || SEARCH_ATTRIBUTES[name] !== 'range') continue;
    const range = state[name];
    if (typeof range !== 'object' || Array.isArray(range)) continue;
    if (range.min !== undefined) filters.push(`${name}>=${range.min}`);
    if (range.max !== undefined) filters.push(`${name}<=${range.max}`);
  }
  if (state.weekly !== undefined) filters.push(`${WEEKLY_REPAYMENT_ATTRIBUTE}<${state.weekly}`);
  return filters;
}
