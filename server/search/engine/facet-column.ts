import { facetDisplay, facetKey, valuesAt } from './attributes.ts';
import type { SearchRecord } from './types.ts';

/**
 * One faceting attribute, precomputed at build: a dictionary of values, each record's value ids
 * (CSR: `offsets`/`ids`, so arrays count each element) and, per value, the sorted slots holding it.
 */
export interface FacetColumn {
  attribute: string;
  caseSensitive: boolean;
  searchable: boolean;
  filterOnly: boolean;
  /** Displayed value per value id. */
  values: string[];
  keyToId: Map<string, number>;
  /** Number per value id when every value of the attribute is a number (numeric facet), else null. */
  numbers: Float64Array | null;
  offsets: Int32Array;
  ids: Int32Array;
  postings: Int32Array[];
}

function seenInRecord(ids: Int32Array, from: number, to: number, id: number): boolean {
  for (let k = from; k < to; k++) if (ids[k] === id) return true;
  return false;
}

/** Builds a facet column over the records in slot order. */
export function buildFacetColumn(
  records: readonly SearchRecord[],
  attribute: string,
  options: { caseSensitive: boolean; searchable: boolean; filterOnly: boolean },
): FacetColumn {
  const values: string[] = [];
  const numbers: number[] = [];
  const keyToId = new Map<string, number>();
  const rawToId = new Map<unknown, number>();
  const offsets = new Int32Array(records.length + 1);
  let ids = new Int32Array(Math.max(16, records.length));
  let used = 0;
  let allNumeric = true;
  let first = 0;
  let many = false;
  const add = (value: unknown): void => {
    let id = rawToId.get(value);
    if (id === undefined) {
      const key = facetKey(value, options.caseSensitive);
      if (key === null) return;
      id = keyToId.get(key);
      if (id === undefined) {
        id = values.length;
        keyToId.set(key, id);
        values.push(facetDisplay(value));
        numbers.push(typeof value === 'number' ? value : Number.NaN);
      }
      rawToId.set(value, id);
      if (typeof value !== 'number') allNumeric = false;
    }
    if (many && seenInRecord(ids, first, used, id)) return;
    if (used === ids.length) {
      const grown = new Int32Array(ids.length * 2);
      grown.set(ids);
      ids = grown;
    }
    ids[used++] = id;
  };
  const topLevel = !attribute.includes('.');
  for (let slot = 0; slot < records.length; slot++) {
    offsets[slot] = used;
    first = used;
    const record = records[slot] as Record<string, unknown>;
    const direct = topLevel && Object.hasOwn(record, attribute) ? record[attribute] : undefined;
    if (topLevel && (direct === null || direct === undefined || typeof direct !== 'object')) {
      many = false;
      if (direct !== null && direct !== undefined) add(direct);
    } else {
      const all = valuesAt(record, attribute);
      many = all.length > 1;
      for (const value of all) add(value);
    }
  }
  offsets[records.length] = used;
  const idArray = ids.slice(0, used);
  const counts = new Int32Array(values.length);
  for (const id of idArray) counts[id] = (counts[id] as number) + 1;
  const postings = Array.from(counts, (count) => new Int32Array(count));
  const fill = new Int32Array(values.length);
  for (let slot = 0; slot < records.length; slot++) {
    for (let k = offsets[slot] as number; k < (offsets[slot + 1] as number); k++) {
      const id = idArray[k] as number;
      (postings[id] as Int32Array)[fill[id] as number] = slot;
      fill[id] = (fill[id] as number) + 1;
    }
  }
  return {
    attribute,
    ...options,
    values,
    keyToId,
    numbers: allNumeric && values.length > 0 ? Float64Array.from(numbers) : null,
    offsets,
    ids: idArray,
    postings,
  };
}

/** Every numeric value of an attribute with its slot, sorted by value (for comparisons and ranges). */
export interface NumericColumn {
  values: Float64Array;
  slots: Int32Array;
}

/** The numeric column of a numeric facet, from its postings (no record scan). */
export function numericFromFacet(column: FacetColumn): NumericColumn | null {
  const numbers = column.numbers;
  if (!numbers) return null;
  const order = Array.from(numbers.keys()).sort((a, b) => (numbers[a] as number) - (numbers[b] as number));
  const values = new Float64Array(column.ids.length);
  const slots = new Int32Array(column.ids.length);
  let k = 0;
  for (const id of order) {
    const postings = column.postings[id] as Int32Array;
    values.fill(numbers[id] as number, k, k + postings.length);
    slots.set(postings, k);
    k += postings.length;
  }
  return { values, slots };
}

/** Builds the sorted numeric column of any attribute path (numbers only; strings never compare). */
export function buildNumericColumn(records: readonly SearchRecord[], attribute: string): NumericColumn {
  const pairs: Array<[number, number]> = [];
  for (let slot = 0; slot < records.length; slot++) {
    for (const value of valuesAt(records[slot], attribute)) {
      if (typeof value === 'number' && Number.isFinite(value)) pairs.push([value, slot]);
    }
  }
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return {
    values: Float64Array.from(pairs, (p) => p[0]),
    slots: Int32Array.from(pairs, (p) => p[1]),
  };
}

/** First index in `sorted` whose value is >= `target` (or > with `strict`). */
export function lowerBound(sorted: Float64Array, target: number, strict = false): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid] as number;
    if (strict ? v <= target : v < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
