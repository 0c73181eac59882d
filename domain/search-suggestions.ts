import { normaliseWords } from './car-words.ts';
import { describeSearch } from './search-description.ts';
import {
  normaliseSearchState,
  SEARCH_ATTRIBUTE_NAMES,
  type SearchAttribute,
  type SearchState,
} from './search-state.ts';

/**
 * What an empty listing suggests (issue 37 item 2: "An empty result says so, suggests the nearest
 * searches that do have cars (drop the last refinement, a similar word)"). Pure: the search service
 * counts the candidates on the same endpoint and keeps those with cars (decision 129).
 */

/** A search that has cars, offered by an empty listing. */
export interface SearchSuggestion {
  /** The search, as the listing's Search state (its link is the listing's address for it). */
  state: SearchState;
  /** The search in words (`“white ute”`, `Toyota · SUV`); `All stock` for no search at all. */
  label: string;
  /** How many cars it lists. */
  count: number;
}

/** How many suggestions an empty listing shows at most. */
export const MAX_SUGGESTIONS = 4;

/** The facet attributes whose values are the words a query is corrected against. */
export const VOCABULARY_FACETS: readonly SearchAttribute[] = [
  'make',
  'model',
  'body',
  'fuel',
  'transmission',
  'drive',
  'colour',
];

/** The label of a search without any query or refinement. */
export const ALL_STOCK_LABEL = 'All stock';

const withoutPage = (state: SearchState): SearchState => normaliseSearchState({ ...state, page: undefined });

/**
 * The nearest searches to an empty one, nearest first: without its last refinement (then each
 * earlier one), the query without its last word, then without its first. Each differs from the
 * search by one step; the search itself is never among them.
 */
export function nearerSearches(state: SearchState): SearchState[] {
  const base = withoutPage(state);
  const out: SearchState[] = [];
  const refined = SEARCH_ATTRIBUTE_NAMES.filter((name) => base[name] !== undefined);
  for (const name of [...refined].reverse()) out.push(normaliseSearchState({ ...base, [name]: undefined }));
  const words = (base.query ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) out.push(normaliseSearchState({ ...base, query: words.slice(0, -1).join(' ') }));
  if (words.length > 1) out.push(normaliseSearchState({ ...base, query: words.slice(1).join(' ') }));
  return unique(out, base);
}

/** Levenshtein distance, stopping early above `limit`. */
export function editDistance(a: string, b: string, limit = 3): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * The words of the listing's facet values with their car counts (`Land Cruiser` gives `land`,
 * `cruiser` and `landcruiser`): what a misspelt query word is corrected to.
 */
export function vocabularyOf(facets: Record<string, Record<string, number>>): Map<string, number> {
  const words = new Map<string, number>();
  const add = (word: string, count: number) => words.set(word, (words.get(word) ?? 0) + count);
  for (const name of VOCABULARY_FACETS) {
    for (const [value, count] of Object.entries(facets[name] ?? {})) {
      const normal = normaliseWords(value);
      if (normal === '') continue;
      for (const word of new Set(normal.split(' '))) add(word, count);
      if (normal.includes(' ')) add(normal.replace(/ /g, ''), count);
    }
  }
  return words;
}

/** The nearest vocabulary word to a misspelt one (fewest edits, then most cars), or null. */
export function nearestWord(word: string, vocabulary: ReadonlyMap<string, number>): string | null {
  if (word.length < 3 || vocabulary.has(word)) return null;
  const limit = word.length >= 8 ? 3 : 2;
  let best: { word: string; distance: number; count: number } | null = null;
  for (const [candidate, count] of vocabulary) {
    const distance = editDistance(word, candidate, limit);
    if (distance > limit) continue;
    if (!best || distance < best.distance || (distance === best.distance && count > best.count))
      best = { word: candidate, distance, count };
  }
  return best?.word ?? null;
}

/**
 * The search with its misspelt query words corrected from the vocabulary (`hilxu` → `hilux`), or
 * null when no word changes.
 */
export function correctedSearch(
  state: SearchState,
  vocabulary: ReadonlyMap<string, number>,
): SearchState | null {
  const words = normaliseWords(state.query ?? '')
    .split(' ')
    .filter(Boolean);
  let changed = false;
  const corrected = words.map((word) => {
    const nearest = nearestWord(word, vocabulary);
    if (nearest === null) return word;
    changed = true;
    return nearest;
  });
  return changed ? normaliseSearchState({ ...withoutPage(state), query: corrected.join(' ') }) : null;
}

/** A search's label: {@link describeSearch}, or {@link ALL_STOCK_LABEL}. */
export function suggestionLabel(state: SearchState): string {
  const { sortBy: _sort, page: _page, ...search } = state;
  return describeSearch(search) || ALL_STOCK_LABEL;
}

/**
 * The suggestions to show: the candidates (nearest first) that have cars, each once, at most
 * {@link MAX_SUGGESTIONS}.
 */
export function pickSuggestions(
  candidates: readonly SearchState[],
  counts: readonly number[],
): SearchSuggestion[] {
  const out: SearchSuggestion[] = [];
  const seen = new Set<string>();
  candidates.forEach((state, i) => {
    const count = counts[i] ?? 0;
    const key = JSON.stringify(state);
    if (count <= 0 || seen.has(key) || out.length >= MAX_SUGGESTIONS) return;
    seen.add(key);
    out.push({ state, label: suggestionLabel(state), count });
  });
  return out;
}

function unique(states: readonly SearchState[], except: SearchState): SearchState[] {
  const seen = new Set([JSON.stringify(except)]);
  return states.filter((state) => {
    const key = JSON.stringify(state);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The heading of an empty listing's suggestions. */
export const SUGGESTIONS_HEADING = 'Try a search near yours:';

/** A suggestion's count as its link says it: `3 cars`, `1 car`. */
export function suggestionCountText(count: number): string {
  return `${count.toLocaleString('en-AU')} ${count === 1 ? 'car' : 'cars'}`;
}
