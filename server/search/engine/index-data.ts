import MiniSearch from 'minisearch';
import {
  buildFacetColumn,
  buildNumericColumn,
  type FacetColumn,
  type NumericColumn,
  numericFromFacet,
} from './facet-column.ts';
import { buildCustomOrder, buildOrdering, type Ordering, tupleRanks } from './ranking.ts';
import {
  facetAttributes,
  planKey,
  type RankingPlan,
  type SearchableField,
  type SortCriterion,
  searchableFields,
} from './settings.ts';
import { TextIndex } from './text-index.ts';
import type { IndexSettings, SearchRecord } from './types.ts';

/** What a build cost, for logs and the benchmark report. */
export interface BuildStats {
  records: number;
  milliseconds: number;
}

function defaultSearchable(records: readonly SearchRecord[]): SearchableField[] {
  const paths = new Set<string>();
  for (const record of records.slice(0, 200)) {
    for (const [key, value] of Object.entries(record)) {
      if (key !== 'objectID' && typeof value === 'string') paths.add(key);
    }
  }
  return [...paths].map((path, rank) => ({ path, rank }));
}

/**
 * Every dotted path that holds a number in some record (arrays flattened, as `valuesAt` reads them):
 * the only attributes a numeric filter can match, so a filter on any other name costs nothing.
 */
function numericPaths(records: readonly SearchRecord[]): Set<string> {
  const paths = new Set<string>();
  const stack: Array<[unknown, string]> = [];
  for (const record of records) {
    stack.push([record, '']);
    while (stack.length > 0) {
      const [node, path] = stack.pop() as [unknown, string];
      if (typeof node === 'number') {
        if (path !== '' && Number.isFinite(node)) paths.add(path);
      } else if (Array.isArray(node)) {
        for (const item of node) stack.push([item, path]);
      } else if (node !== null && typeof node === 'object') {
        for (const [key, value] of Object.entries(node))
          stack.push([value, path === '' ? key : `${path}.${key}`]);
      }
    }
  }
  return paths;
}

const NO_NUMBERS: NumericColumn = Object.freeze({ values: new Float64Array(0), slots: new Int32Array(0) });

/**
 * Everything derived from one primary index's records, built in one pass after each write: the
 * full-text index, a facet column per faceting attribute (and `_tags`), and — lazily, cached until
 * the next build — numeric columns, orderings per ranking plan and facet value indexes.
 */
export class IndexData {
  readonly size: number;
  readonly text: TextIndex;
  readonly facets = new Map<string, FacetColumn>();
  readonly stats: BuildStats;
  /** Paths with numbers: the numeric cache holds at most one column for each. */
  private readonly numericAttributes: Set<string>;
  private readonly numericCache = new Map<string, NumericColumn>();
  private readonly orderingCache = new Map<string, Ordering>();
  private readonly facetValueCache = new Map<string, MiniSearch<number>>();

  /** Builds from records in slot order; `previous` (the last build of the index) lends its vocabulary. */
  constructor(
    readonly records: readonly SearchRecord[],
    settings: IndexSettings,
    previous?: IndexData,
  ) {
    const started = performance.now();
    this.size = records.length;
    const fields = searchableFields(settings);
    this.text = new TextIndex(
      records,
      fields.length > 0 ? fields : defaultSearchable(records),
      previous?.text,
    );
    for (const facet of facetAttributes(settings)) {
      const caseSensitive = facet.attribute === '_tags';
      this.facets.set(
        facet.attribute,
        buildFacetColumn(records, facet.attribute, { ...facet, caseSensitive }),
      );
    }
    if (!this.facets.has('_tags') && records.some((r) => r._tags !== undefined)) {
      this.facets.set(
        '_tags',
        buildFacetColumn(records, '_tags', { caseSensitive: true, searchable: false, filterOnly: true }),
      );
    }
    this.numericAttributes = numericPaths(records);
    this.stats = { records: records.length, milliseconds: performance.now() - started };
  }

  private everySlot: Int32Array | null = null;

  /** Every slot in order (the matched set when nothing filters). */
  allSlots(): Int32Array {
    if (!this.everySlot) this.everySlot = Int32Array.from({ length: this.size }, (_, i) => i);
    return this.everySlot;
  }

  /**
   * The sorted numeric column of an attribute path; empty, and not cached, for a path no record
   * holds a number at (as Algolia, a filter on an unknown attribute matches nothing).
   */
  numeric(attribute: string): NumericColumn {
    if (!this.numericAttributes.has(attribute)) return NO_NUMBERS;
    let column = this.numericCache.get(attribute);
    if (!column) {
      const facet = this.facets.get(attribute);
      column = (facet && numericFromFacet(facet)) ?? buildNumericColumn(this.records, attribute);
      this.numericCache.set(attribute, column);
    }
    return column;
  }

  private readonly rankCache = new Map<string, Int32Array>();

  private ranks(criteria: readonly SortCriterion[]): Int32Array {
    const key = planKey({ sortFirst: criteria.slice(), custom: [] });
    let ranks = this.rankCache.get(key);
    if (!ranks) {
      ranks = tupleRanks(this.records, criteria);
      this.rankCache.set(key, ranks);
    }
    return ranks;
  }

  /** How many lazily built structures this build holds (each is bounded by the index, not by requests). */
  cacheSizes(): { numeric: number; orderings: number; facetValues: number } {
    return {
      numeric: this.numericCache.size,
      orderings: this.orderingCache.size,
      facetValues: this.facetValueCache.size,
    };
  }

  /** The precomputed orderings of a ranking plan. */
  ordering(plan: RankingPlan): Ordering {
    const key = planKey(plan);
    let ordering = this.orderingCache.get(key);
    if (!ordering) {
      const shared = this.orderingCache.get(planKey({ sortFirst: [], custom: plan.custom }));
      const ranksOf = (criteria: readonly SortCriterion[]) => this.ranks(criteria);
      ordering = buildOrdering(plan, ranksOf, shared ?? buildCustomOrder(ranksOf(plan.custom)));
      this.orderingCache.set(key, ordering);
    }
    return ordering;
  }

  /** A MiniSearch index over one facet's values (ids are value ids), for facet value search. */
  facetValues(column: FacetColumn): MiniSearch<number> {
    let index = this.facetValueCache.get(column.attribute);
    if (!index) {
      index = new MiniSearch<number>({
        idField: '__id',
        fields: ['value'],
        extractField: (id, field) => (field === '__id' ? id : column.values[id]),
      });
      index.addAll(column.values.map((_, id) => id));
      this.facetValueCache.set(column.attribute, index);
    }
    return index;
  }
}
