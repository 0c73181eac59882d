import MiniSearch from 'minisearch';

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
const processTerm = MiniSearch.getDefault('processTerm') as (
  term: string,
) => string | null | undefined | false;

/** MiniSearch's tokenizer and term processor, shared with highlighting and facet value search. */
export const textTools = { tokenize, processTerm };

/** At most this many query words take part (Algolia caps queries too). */
export const MAX_QUERY_WORDS = 32;

/** Normalised terms of a text, by MiniSearch's tokenizer and term processor. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    const term = processTerm(token);
    if (typeof term === 'string' && term !== '') out.push(term);
  }
  return out;
}

/** The query's words (at most {@link MAX_QUERY_WORDS}). */
export const queryWords = (query: string): string[] => termsOf(query).slice(0, MAX_QUERY_WORDS);

/** Algolia's default typo budget: one typo from 4 letters, two from 8. */
export const typoBudget = (word: string): number => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);
