import type { VehicleKind } from '../../domain/car.ts';
import { modelLabels, sortByCarType, VEHICLE_KIND_LABELS } from '../../domain/search-listing.ts';
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
/** Attributes that hold vehicle kinds (`categories` holds the car's kind beside its body). */
const KINDS: readonly string[] = ['item_type', 'categories'];

/** A facet value as the shopper reads it: a vehicle kind by its label (`caravans` → `Caravans`). */
export function facetLabel(attribute: SearchAttribute, value: string): string {
  if (KINDS.includes(attribute) && Object.hasOwn(VEHICLE_KIND_LABELS, value))
    return VEHICLE_KIND_LABELS[value as VehicleKind];
  return CODED.includes(attribute) ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}

/**
 * A facet's values, most stock first (car types new, demo, used: spec §9); a refined value the
 * results no longer count stays listed with 0, so it can be unticked. Models of several makes read
 * with their make (`modelMakes`: the result's model → make).
 */
export function facetValues(
  attribute: SearchAttribute,
  counts: Readonly<Record<string, number>> | undefined,
  refined: readonly string[],
  modelMakes: Readonly<Record<string, string>> = {},
): FacetValue[] {
  const entries = Object.entries(counts ?? {});
  for (const value of refined) if (!entries.some(([v]) => v === value)) entries.push([value, 0]);
  const models =
    attribute === 'model'
      ? modelLabels(
          entries.map(([value]) => value),
          modelMakes,
        )
      : null;
  const values = entries.map(([value, count]) => ({
    value,
    label: models?.[value] ?? facetLabel(attribute, value),
    count,
    refined: refined.includes(value),
  }));
  return attribute === 'car_type' ? sortByCarType(values, (v) => v.value) : values;
}
