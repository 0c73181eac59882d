import { formatRangeValue } from './range-slider.ts';
import { type NumericRange, SEARCH_ATTRIBUTE_NAMES, type SearchState } from './search-state.ts';

/**
 * A search in words, for the shopper: the recent searches' links (doc 2 §4) and a saved search's
 * default name (issue 19 item 2), on the page and in the alert emails.
 */

function rangeLabel(attribute: string, range: NumericRange): string {
  const format = (value: number) => formatRangeValue(attribute, value);
  if (range.min !== undefined && range.max !== undefined)
    return `${format(range.min)} – ${format(range.max)}`;
  if (range.min !== undefined) return `${attribute === 'year' ? 'from' : 'over'} ${format(range.min)}`;
  return `${attribute === 'year' ? 'until' : 'under'} ${format(range.max ?? 0)}`;
}

/** A search in a few words: the query in quotes, then each refinement's values (`·` between). */
export function describeSearch(search: SearchState): string {
  const parts: string[] = search.query ? [`“${search.query}”`] : [];
  for (const name of SEARCH_ATTRIBUTE_NAMES) {
    const value = search[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) parts.push(value.join(', '));
    else if (typeof value === 'string') parts.push(value);
    else parts.push(rangeLabel(name, value));
  }
  return parts.join(' · ');
}
