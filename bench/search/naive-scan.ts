import type { CarSearchRecord } from '../../server/search/indices.ts';
import type { PageQuery } from './refined-page.ts';

const SEARCHABLE = ['name', 'make', 'model', 'badge', 'series', 'stocknum', 'vin'] as const;

function matchesFacet(record: CarSearchRecord, filter: string): boolean {
  const colon = filter.indexOf(':');
  const value = (record as Record<string, unknown>)[filter.slice(0, colon)];
  const wanted = filter.slice(colon + 1).toLowerCase();
  return Array.isArray(value)
    ? value.some((v) => String(v).toLowerCase() === wanted)
    : String(value).toLowerCase() === wanted;
}

function matchesNumeric(record: CarSearchRecord, filter: string): boolean {
  const [, attribute, operator, number] = /^(\w+)(>=|<=)(-?\d+)$/.exec(filter) ?? [];
  const value = (record as Record<string, unknown>)[attribute ?? ''];
  if (typeof value !== 'number') return false;
  return operator === '>=' ? value >= Number(number) : value <= Number(number);
}

/**
 * The baseline: one pass over the plain array per query — tenant filter, facet and numeric
 * filters, a lower-case substring test per query word, facet counts, a sort for the page. No index.
 */
export function naiveSearch(
  records: readonly CarSearchRecord[],
  queries: readonly PageQuery[],
  dealerships: ReadonlySet<number>,
): number {
  let total = 0;
  for (const q of queries) {
    const words = q.query.toLowerCase().split(/\s+/).filter(Boolean);
    const counts = new Map<string, Map<string, number>>(q.facets.map((f) => [f, new Map()]));
    const matched: CarSearchRecord[] = [];
    for (const record of records) {
      if (!dealerships.has(record.dealership_id)) continue;
      if (!q.facetFilters.every((group) => group.some((f) => matchesFacet(record, f)))) continue;
      if (!q.numericFilters.every((f) => matchesNumeric(record, f))) continue;
      if (words.length > 0) {
        const text = SEARCHABLE.map((a) => record[a] ?? '')
          .join(' ')
          .toLowerCase();
        if (!words.every((w) => text.includes(w))) continue;
      }
      matched.push(record);
      for (const [facet, values] of counts) {
        const value = (record as Record<string, unknown>)[facet];
        for (const v of Array.isArray(value) ? value : [value]) {
          if (v === null || v === undefined) continue;
          values.set(String(v), (values.get(String(v)) ?? 0) + 1);
        }
      }
    }
    if (q.hitsPerPage > 0) matched.sort((a, b) => b.created_at - a.created_at);
    total += matched.slice(q.page * q.hitsPerPage, (q.page + 1) * q.hitsPerPage).length + counts.size;
  }
  return total;
}
