import { nearLabel } from './distance-filter.ts';
import { formatRangeValue } from './range-slider.ts';
import { type NumericRange, SEARCH_ATTRIBUTE_NAMES, type SearchState } from './search-state.ts';
import { weeklyLabel } from './weekly-filter.ts';

/**
 * A search in words, for the shopper: the recent searches' links (doc 2 §4) and a saved search's
 * default name (issue 19 item 2), on the page and in the alert emails.
 */

/** Years a car can have: a bound outside them (the slider's 0–100,000 fallback) leaves that end open. */
const YEARS = { min: 1900, max: 2100 } as const;

/**
 * The range as a shopper would say it: an end that limits nothing (below 1 or, for years, outside
 * 1900–2100) is open, so a range never reads "Year 0 – 100000" (issue 37 item 2); null when no end limits.
 */
export function shownRange(attribute: string, range: NumericRange): NumericRange | null {
  const low = attribute === 'year' ? YEARS.min : 1;
  const min = range.min !== undefined && range.min >= low ? range.min : undefined;
  const max =
    range.max !== undefined && !(attribute === 'year' && range.max > YEARS.max) ? range.max : undefined;
  if (min === undefined && max === undefined) return null;
  return { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
}

function rangeLabel(attribute: string, given: NumericRange): string | null {
  const range = shownRange(attribute, given);
  if (range === null) return null;
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
    else {
      const label = rangeLabel(name, value);
      if (label !== null) parts.push(label);
    }
  }
  if (search.weekly !== undefined) parts.push(weeklyLabel(search.weekly).toLowerCase());
  if (search.near !== undefined && search.within !== undefined)
    parts.push(nearLabel(search.near, search.within).toLowerCase());
  return parts.join(' · ');
}
