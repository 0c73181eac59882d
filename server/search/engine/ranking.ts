import { valuesAt } from './attributes.ts';
import type { RankingPlan, SortCriterion } from './settings.ts';
import type { SearchRecord } from './types.ts';

/**
 * Precomputed orderings of one ranking plan, built once per index build:
 * - `prefixRank`: dense rank by the replica's leading sort criteria (equal values share a rank), or null;
 * - `customRank`/`customOrder`: a total order by custom ranking, ties by slot (inverse permutations);
 * - `browseOrder`: slots in final order for an empty query (sort criteria, then custom ranking).
 */
export interface Ordering {
  prefixRank: Int32Array | null;
  customRank: Int32Array;
  customOrder: Int32Array;
  browseOrder: Int32Array;
}

/** Sortable numbers per slot for one criterion; NaN where the record has no value. */
function sortKeys(records: readonly SearchRecord[], attribute: string): Float64Array {
  const keys = new Float64Array(records.length);
  let strings: Map<string, number[]> | null = null;
  for (let slot = 0; slot < records.length; slot++) {
    const v = valuesAt(records[slot], attribute)[0];
    if (typeof v === 'number' && Number.isFinite(v)) keys[slot] = v;
    else if (typeof v === 'boolean') keys[slot] = v ? 1 : 0;
    else {
      keys[slot] = Number.NaN;
      if (typeof v === 'string') {
        strings ??= new Map();
        const list = strings.get(v);
        if (list) list.push(slot);
        else strings.set(v, [slot]);
      }
    }
  }
  if (strings) {
    [...strings.keys()].sort().forEach((text, rank) => {
      for (const slot of strings.get(text) as number[]) keys[slot] = rank;
    });
  }
  return keys;
}

/** Dense ranks of values (0 = first in the direction), missing (NaN) values after all others. */
function denseRanks(values: Float64Array, direction: 'asc' | 'desc'): Int32Array {
  const present = values.filter((v) => !Number.isNaN(v)).sort();
  let unique = 0;
  for (let i = 0; i < present.length; i++)
    if (i === 0 || present[i] !== present[unique - 1]) present[unique++] = present[i] as number;
  const sorted = present.subarray(0, unique);
  return Int32Array.from(values, (v) => {
    if (Number.isNaN(v)) return unique;
    let lo = 0;
    let hi = unique;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((sorted[mid] as number) < v) lo = mid + 1;
      else hi = mid;
    }
    return direction === 'asc' ? lo : unique - 1 - lo;
  });
}

/** Dense rank of each slot by a list of criteria (0 for every slot when there are none). */
export function tupleRanks(records: readonly SearchRecord[], criteria: readonly SortCriterion[]): Int32Array {
  let ranks: Int32Array | null = null;
  for (const criterion of criteria) {
    const next = denseRanks(sortKeys(records, criterion.attribute), criterion.direction);
    if (ranks === null) {
      ranks = next;
      continue;
    }
    const previous: Int32Array = ranks;
    const combined = Float64Array.from(
      previous,
      (r, slot) => r * (records.length + 1) + (next[slot] as number),
    );
    ranks = denseRanks(combined, 'asc');
  }
  return ranks ?? new Int32Array(records.length);
}

/** Slots sorted by a rank, ties by slot: a native sort of `rank * size + slot`. */
function orderBy(ranks: Int32Array): Int32Array {
  const size = ranks.length;
  const keys = Float64Array.from(ranks, (r, slot) => r * size + slot).sort();
  return Int32Array.from(keys, (k) => k % size);
}

/** The custom-ranking half of an ordering: a total order by custom ranking, ties by slot. */
export type CustomOrder = Pick<Ordering, 'customRank' | 'customOrder'>;

/** The custom-ranking half of an ordering, shareable between plans with the same custom ranking. */
export function buildCustomOrder(ranks: Int32Array): CustomOrder {
  const customOrder = orderBy(ranks);
  const customRank = new Int32Array(ranks.length);
  customOrder.forEach((slot, rank) => {
    customRank[slot] = rank;
  });
  return { customRank, customOrder };
}

/** Builds the orderings of a plan with native typed-array sorts (O(n log n)). */
export function buildOrdering(
  plan: RankingPlan,
  ranksOf: (criteria: readonly SortCriterion[]) => Int32Array,
  custom: CustomOrder = buildCustomOrder(ranksOf(plan.custom)),
): Ordering {
  // Only the custom half is taken: `custom` may be another plan's whole ordering, whose own
  // `prefixRank`/`browseOrder` must never replace this plan's sort (issue 31 item 4).
  const { customRank, customOrder } = custom;
  if (plan.sortFirst.length === 0)
    return { prefixRank: null, customRank, customOrder, browseOrder: customOrder };
  const prefixRank = ranksOf(plan.sortFirst);
  const size = prefixRank.length;
  const keys = Float64Array.from(
    customRank,
    (rank, slot) => (prefixRank[slot] as number) * size + rank,
  ).sort();
  const browseOrder = Int32Array.from(keys, (key) => customOrder[key % size] as number);
  return { prefixRank, customRank, customOrder, browseOrder };
}
