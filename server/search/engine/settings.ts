import type { IndexSettings } from './types.ts';

/** Algolia's defaults, except the page size (spec §9: 21 by default). */
export const DEFAULTS = {
  hitsPerPage: 21,
  maxHitsPerPage: 1000,
  paginationLimitedTo: 1000,
  maxValuesPerFacet: 100,
  maxValuesPerFacetLimit: 1000,
  maxFacetHits: 10,
  maxFacetHitsLimit: 100,
  highlightPreTag: '<em>',
  highlightPostTag: '</em>',
} as const;

/** A searchable field and its rank (entries `a,b` share a rank). */
export interface SearchableField {
  path: string;
  rank: number;
  /** False when `disablePrefixOnAttributes` names it: only whole words match there. */
  prefix?: boolean;
  /** False when `disableTypoToleranceOnAttributes` names it: no typo matches there. */
  typos?: boolean;
}

/** A faceting attribute and its modifiers. */
export interface FacetAttribute {
  attribute: string;
  searchable: boolean;
  filterOnly: boolean;
}

/** A sort criterion `asc(attr)` / `desc(attr)`. */
export interface SortCriterion {
  attribute: string;
  direction: 'asc' | 'desc';
}

/** How an index orders hits: sort criteria before relevance (replicas), relevance, then custom. */
export interface RankingPlan {
  sortFirst: SortCriterion[];
  custom: SortCriterion[];
}

const MODIFIER = /^(searchable|filterOnly|afterDistinct|unordered|ordered)\((.*)\)$/;

function unwrap(entry: string): { name: string; modifiers: Set<string> } {
  const modifiers = new Set<string>();
  let name = entry.trim();
  for (let match = MODIFIER.exec(name); match; match = MODIFIER.exec(name)) {
    modifiers.add(match[1] as string);
    name = (match[2] as string).trim();
  }
  return { name, modifiers };
}

/** The searchable fields in rank order. */
export function searchableFields(settings: IndexSettings): SearchableField[] {
  const names = (setting: unknown): string[] =>
    Array.isArray(setting) ? setting.filter((n): n is string => typeof n === 'string') : [];
  const noPrefix = new Set(names(settings.disablePrefixOnAttributes));
  const noTypos = new Set(names(settings.disableTypoToleranceOnAttributes));
  return (settings.searchableAttributes ?? []).flatMap((entry, rank) =>
    unwrap(entry)
      .name.split(',')
      .map((path) => path.trim())
      .filter((path) => path !== '')
      .map((path) => ({
        path,
        rank,
        ...(noPrefix.has(path) && { prefix: false }),
        ...(noTypos.has(path) && { typos: false }),
      })),
  );
}

/** The faceting attributes with their modifiers. */
export function facetAttributes(settings: IndexSettings): FacetAttribute[] {
  return (settings.attributesForFaceting ?? []).map((entry) => {
    const { name, modifiers } = unwrap(entry);
    return {
      attribute: name,
      searchable: modifiers.has('searchable'),
      filterOnly: modifiers.has('filterOnly'),
    };
  });
}

const SORT = /^(asc|desc)\((.+)\)$/;

function parseSort(entry: string): SortCriterion | null {
  const match = SORT.exec(entry.trim());
  return match ? { direction: match[1] as 'asc' | 'desc', attribute: (match[2] as string).trim() } : null;
}

const DEFAULT_RANKING = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];

/** The ranking plan of an index: replica sort criteria first, then relevance, then custom ranking. */
export function rankingPlan(settings: IndexSettings): RankingPlan {
  const ranking = settings.ranking ?? DEFAULT_RANKING;
  const sortFirst: SortCriterion[] = [];
  const custom: SortCriterion[] = [];
  let seenRelevance = false;
  for (const entry of ranking) {
    const sort = parseSort(entry);
    if (sort && !seenRelevance) sortFirst.push(sort);
    else if (sort) custom.push(sort);
    else if (entry === 'custom') {
      seenRelevance = true;
      for (const c of settings.customRanking ?? []) {
        const parsed = parseSort(c);
        if (parsed) custom.push(parsed);
      }
    } else seenRelevance = true;
  }
  return { sortFirst, custom };
}

/** A stable key for caching orderings per plan. */
export const planKey = (plan: RankingPlan): string =>
  [
    ...plan.sortFirst.map((c) => `${c.direction}(${c.attribute})`),
    '|',
    ...plan.custom.map((c) => `${c.direction}(${c.attribute})`),
  ].join(',');
