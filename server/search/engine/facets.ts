import type { FacetColumn } from './facet-column.ts';
import type { IndexData } from './index-data.ts';
import type { FacetStats } from './types.ts';

/** Facet counts and numeric stats over a matched set. */
export interface FacetCounts {
  facets: Record<string, Record<string, number>>;
  stats: Record<string, FacetStats>;
}

/** The facet columns a `facets` parameter asks for (`*` = every facet that is not filter-only). */
export function requestedColumns(data: IndexData, facets: readonly string[]): FacetColumn[] {
  const names = facets.includes('*') ? [...data.facets.keys()] : facets;
  const columns: FacetColumn[] = [];
  for (const name of new Set(names)) {
    const column = data.facets.get(name);
    if (column && !column.filterOnly && name !== '_tags') columns.push(column);
  }
  return columns;
}

/** Counts of every value id of a column over the matched slots (array attributes count each element). */
export function countValues(column: FacetColumn, slots: Int32Array): Int32Array {
  const counts = new Int32Array(column.values.length);
  const { offsets, ids } = column;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as number;
    const end = offsets[slot + 1] as number;
    for (let k = offsets[slot] as number; k < end; k++) {
      const id = ids[k] as number;
      counts[id] = (counts[id] as number) + 1;
    }
  }
  return counts;
}

/** Value ids with a count, highest count first (ties alphabetical), or alphabetical. */
export function rankValues(column: FacetColumn, counts: Int32Array, sortBy: 'count' | 'alpha'): number[] {
  const ids: number[] = [];
  for (let id = 0; id < counts.length; id++) if ((counts[id] as number) > 0) ids.push(id);
  const { values } = column;
  const alpha = (a: number, b: number) => {
    const x = values[a] as string;
    const y = values[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  };
  ids.sort(
    sortBy === 'alpha' ? alpha : (a, b) => (counts[b] as number) - (counts[a] as number) || alpha(a, b),
  );
  return ids;
}

function statsOf(column: FacetColumn, slots: Int32Array): FacetStats | null {
  const numbers = column.numbers;
  if (!numbers) return null;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let count = 0;
  const { offsets, ids } = column;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as number;
    const end = offsets[slot + 1] as number;
    for (let k = offsets[slot] as number; k < end; k++) {
      const value = numbers[ids[k] as number] as number;
      if (value < min) min = value;
      if (value > max) max = value;
      sum += value;
      count += 1;
    }
  }
  return count === 0 ? null : { min, max, avg: sum / count, sum };
}

/** Counts the requested facets over the matched slots in one pass per facet. */
export function countFacets(
  data: IndexData,
  slots: Int32Array,
  facets: readonly string[],
  maxValues: number,
  sortBy: 'count' | 'alpha',
): FacetCounts {
  const result: FacetCounts = { facets: {}, stats: {} };
  for (const column of requestedColumns(data, facets)) {
    const counts = countValues(column, slots);
    const ranked = rankValues(column, counts, sortBy).slice(0, maxValues);
    if (ranked.length === 0) continue;
    const values: Record<string, number> = {};
    for (const id of ranked) values[column.values[id] as string] = counts[id] as number;
    result.facets[column.attribute] = values;
    const stats = statsOf(column, slots);
    if (stats) result.stats[column.attribute] = stats;
  }
  return result;
}
