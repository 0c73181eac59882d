import { toSlots } from './bitset.ts';
import { badRequest } from './errors.ts';
import { countValues, rankValues } from './facets.ts';
import { markText, type TermMark } from './highlight.ts';
import { type IndexView, matchedBits, matchText, type QueryContext } from './search.ts';
import { DEFAULTS } from './settings.ts';
import { queryWords, typoBudget } from './tokens.ts';
import type { FacetHit, FacetSearchResponse, SearchParams } from './types.ts';

/**
 * Searches the values of a `searchable(...)` facet: values whose words start with (or are one typo
 * from) every word of `facetQuery`, counted over the records the other parameters match.
 */
export function runFacetSearch(
  view: IndexView,
  facet: string,
  params: SearchParams,
  context: QueryContext = {},
): FacetSearchResponse {
  const started = performance.now();
  const column = view.data.facets.get(facet);
  if (!column?.searchable) {
    throw badRequest(
      `Cannot search in \`${facet}\` attribute, you need to add \`searchable(${facet})\` to attributesForFaceting.`,
    );
  }
  const limit = Math.min(params.maxFacetHits ?? DEFAULTS.maxFacetHits, DEFAULTS.maxFacetHitsLimit);
  const match = matchText(view, params, context);
  const bits = matchedBits(view, params, context, match);
  const counts = countValues(column, bits ? toSlots(bits) : view.data.allSlots());
  const facetQuery = params.facetQuery ?? '';
  const words = queryWords(facetQuery);
  const pre = params.highlightPreTag ?? view.settings.highlightPreTag ?? DEFAULTS.highlightPreTag;
  const post = params.highlightPostTag ?? view.settings.highlightPostTag ?? DEFAULTS.highlightPostTag;
  let candidates: Map<number, Map<string, TermMark>>;
  if (words.length === 0) {
    candidates = new Map(rankValues(column, counts, 'count').map((id) => [id, new Map()]));
  } else {
    candidates = new Map();
    const results = view.data.facetValues(column).search(words.join(' '), {
      prefix: true,
      fuzzy: (term) => (params.typoTolerance === false ? false : typoBudget(term) || false),
      combineWith: 'AND',
    });
    for (const result of results) {
      const id = result.id as number;
      if ((counts[id] ?? 0) === 0) continue;
      const marks = new Map<string, TermMark>();
      for (const term of Object.keys(result.match)) {
        const index = words.findIndex((w) => term === w || term.startsWith(w));
        const word = words[index];
        marks.set(term, {
          word: Math.max(index, 0),
          prefixLength: word !== undefined && term !== word ? word.length : null,
        });
      }
      candidates.set(id, marks);
    }
  }
  const ids = [...candidates.keys()].sort(
    (a, b) =>
      (counts[b] as number) - (counts[a] as number) ||
      ((column.values[a] as string) < (column.values[b] as string) ? -1 : 1),
  );
  const facetHits: FacetHit[] = ids.slice(0, limit).map((id) => {
    const value = column.values[id] as string;
    return {
      value,
      highlighted: markText(value, candidates.get(id) ?? new Map(), { pre, post }).value,
      count: counts[id] as number,
    };
  });
  return {
    facetHits,
    exhaustiveFacetsCount: true,
    processingTimeMS: Math.round(performance.now() - started),
  };
}
