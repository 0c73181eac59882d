import { sortByCarType } from '../../domain/search-listing.ts';
import type { SearchAttribute } from '../../domain/search-state.ts';

/** One value of a facet with its count, and whether the search refines it. */
export interface FacetValue {
  value: string;
  label: string;
  count: number;
  refined: boolean;
}

/** Attributes whose values are codes shown capitalised (`used` → `Used`). */
const CODED: readonly string[] = ['car_type', 'item_type'];

/** A facet value as the shopper reads it. */
export function facetLabel(attribute: SearchAttribute, value: string): string {
  return CODED.includes(attribute) ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}

/**
 * A facet's values, most stock first (car types new, demo, used: spec §9); a refined value the
 * results no longer count stays listed with 0, so it can be unticked.
 */
export function facetValues(
  attribute: SearchAttribute,
  counts: Readonly<Record<string, number>> | undefined,
  refined: readonly string[],
): FacetValue[] {
  const entries = Object.entries(counts ?? {});
  for (const value of refined) if (!entries.some(([v]) => v === value)) entries.push([value, 0]);
  const values = entries.map(([value, count]) => ({
    value,
    label: facetLabel(attribute, value),
    count,
    refined: refined.includes(value),
  }));
  return attribute === 'car_type' ? sortByCarType(values, (v) => v.value) : values;
}
