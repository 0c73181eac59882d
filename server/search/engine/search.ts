import { andInto, type Bitset, hasSlot, popcount, toSlots } from './bitset.ts';
import { compileFilters, echoParams, pageWindow, textOptions } from './compile.ts';
import { countFacets } from './facets.ts';
import type { FilterExpression } from './filter-ast.ts';
import { evaluateFilters } from './filter-eval.ts';
import { geoQueryOf, geoRankingInfo, geoWindow, ranksByGeo, withinRadius } from './geo.ts';
import { highlightHit, marksOf } from './highlight.ts';
import type { IndexData } from './index-data.ts';
import type { Ordering } from './ranking.ts';
import { retrieve } from './retrieve.ts';
import { DEFAULTS, type RankingPlan, searchableFields } from './settings.ts';
import type { TextMatch } from './text-index.ts';
import type { IndexSettings, SearchHit, SearchParams, SearchResponse } from './types.ts';

/** An index as searched: the primary's data with the (replica's) own settings and ranking. */
export interface IndexView {
  name: string;
  data: IndexData;
  settings: IndexSettings;
  plan: RankingPlan;
}

/** Per-request context: filters ANDed on by the API key, and a text-match memo shared by a multi-query. */
export interface QueryContext {
  restriction?: readonly FilterExpression[];
  textMemo?: WeakMap<IndexData, Map<string, TextMatch | null>>;
}

/** Matches the query text, reusing the result for the same text within one multi-query. */
export function matchText(view: IndexView, params: SearchParams, context: QueryContext): TextMatch | null {
  const options = textOptions(params);
  const key = `${JSON.stringify(options)}|${params.query ?? ''}`;
  let memo = context.textMemo?.get(view.data);
  if (context.textMemo && !memo) {
    memo = new Map();
    context.textMemo.set(view.data, memo);
  }
  if (memo?.has(key)) return memo.get(key) ?? null;
  const match = view.data.text.match(params.query ?? '', view.data.size, options);
  memo?.set(key, match);
  return match;
}

/** The matched set: filters (the query's and the key's) AND the text match; null = every record. */
export function matchedBits(
  view: IndexView,
  params: SearchParams,
  context: QueryContext,
  match: TextMatch | null,
): Bitset | null {
  const filtered = evaluateFilters(view.data, [...compileFilters(params), ...(context.restriction ?? [])]);
  const bits = withinRadius(view.data, params, filtered);
  if (!match) return bits;
  const combined = Uint32Array.from(match.bits);
  if (bits) andInto(combined, bits);
  return combined;
}

function browseWindow(ordering: Ordering, bits: Bitset | null, start: number, end: number): number[] {
  const out: number[] = [];
  let seen = 0;
  for (const slot of ordering.browseOrder) {
    if (seen >= end) break;
    if (bits !== null && !hasSlot(bits, slot)) continue;
    if (seen >= start) out.push(slot);
    seen += 1;
  }
  return out;
}

function rankedWindow(
  view: IndexView,
  ordering: Ordering,
  match: TextMatch,
  slots: Int32Array,
  start: number,
  end: number,
): number[] {
  const size = view.data.size;
  const relevance = new Float64Array(slots.length);
  for (let i = 0; i < slots.length; i++) relevance[i] = view.data.text.relevance(match, slots[i] as number);
  const distinct = [...new Set(relevance)].sort((a, b) => a - b);
  const relRank = new Map(distinct.map((value, rank) => [value, rank]));
  const span = distinct.length * size;
  const keys = new Float64Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as number;
    const prefix = ordering.prefixRank ? (ordering.prefixRank[slot] as number) : 0;
    keys[i] =
      prefix * span +
      (relRank.get(relevance[i] as number) as number) * size +
      (ordering.customRank[slot] as number);
  }
  keys.sort();
  const out: number[] = [];
  for (let i = start; i < Math.min(end, keys.length); i++)
    out.push(ordering.customOrder[(keys[i] as number) % size] as number);
  return out;
}

/** Runs one search on an index view, in Algolia's answer shape. */
export function runSearch(view: IndexView, params: SearchParams, context: QueryContext = {}): SearchResponse {
  const started = performance.now();
  const { data, settings } = view;
  const window = pageWindow(params, settings);
  const match = matchText(view, params, context);
  const bits = matchedBits(view, params, context, match);
  const nbHits = bits ? popcount(bits) : data.size;
  const facets = params.facets ?? [];
  const geo = geoQueryOf(params);
  const byDistance = geo !== null && ranksByGeo(settings);
  const needSlots = facets.length > 0 || match !== null || byDistance;
  const slots = needSlots ? (bits ? toSlots(bits) : data.allSlots()) : null;
  const ordering = data.ordering(view.plan);
  const windowSlots =
    window.end <= window.start
      ? []
      : byDistance && geo && slots
        ? geoWindow(
            data,
            slots,
            geo.centre,
            {
              prefixRank: ordering.prefixRank,
              customRank: ordering.customRank,
              relevance: match ? (slot) => data.text.relevance(match, slot) : null,
            },
            window.start,
            window.end,
          )
        : match && slots
          ? rankedWindow(view, ordering, match, slots, window.start, window.end)
          : browseWindow(ordering, bits, window.start, window.end);
  const toRetrieve = params.attributesToRetrieve ?? settings.attributesToRetrieve ?? ['*'];
  const toHighlight =
    params.attributesToHighlight ??
    settings.attributesToHighlight ??
    searchableFields(settings).map((f) => f.path);
  const tags = {
    pre: params.highlightPreTag ?? settings.highlightPreTag ?? DEFAULTS.highlightPreTag,
    post: params.highlightPostTag ?? settings.highlightPostTag ?? DEFAULTS.highlightPostTag,
  };
  const marks = match && windowSlots.length > 0 ? { words: match.words, marks: marksOf(match) } : null;
  const hits: SearchHit[] = windowSlots.map((slot) => {
    const record = data.records[slot] as SearchHit;
    const hit: SearchHit = retrieve(record, toRetrieve, settings.unretrievableAttributes ?? []);
    if (toHighlight.length > 0)
      hit._highlightResult = highlightHit(record, toHighlight, data.text, marks, tags);
    const rankingInfo = geoRankingInfo(record, params);
    if (rankingInfo) hit._rankingInfo = rankingInfo;
    return hit;
  });
  const counted =
    slots && facets.length > 0
      ? countFacets(
          data,
          slots,
          facets,
          Math.min(
            params.maxValuesPerFacet ?? settings.maxValuesPerFacet ?? DEFAULTS.maxValuesPerFacet,
            DEFAULTS.maxValuesPerFacetLimit,
          ),
          params.sortFacetValuesBy ?? 'count',
        )
      : null;
  const response: SearchResponse = {
    hits,
    nbHits,
    page: window.page,
    nbPages: window.hitsPerPage > 0 ? Math.ceil(Math.min(nbHits, window.limit) / window.hitsPerPage) : 0,
    hitsPerPage: window.hitsPerPage,
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    exhaustive: { facetsCount: true, nbHits: true, typo: true },
    processingTimeMS: 0,
    query: params.query ?? '',
    params: echoParams(params),
    index: view.name,
    renderingContent: {},
  };
  if (params.offset !== undefined || params.length !== undefined) {
    response.offset = window.start;
    response.length = window.end - window.start;
  }
  if (counted) {
    response.facets = counted.facets;
    if (Object.keys(counted.stats).length > 0) response.facets_stats = counted.stats;
  } else if (facets.length > 0) {
    response.facets = {};
  }
  response.processingTimeMS = Math.round(performance.now() - started);
  return response;
}
