import { rawAt, setAt } from './attributes.ts';
import { TermKind, type TextIndex, type TextMatch } from './text-index.ts';
import { textTools } from './tokens.ts';
import type { HighlightTree, HighlightValue, MatchLevel, SearchRecord } from './types.ts';

/** A document term to highlight: which query word it matched and how many leading letters to wrap. */
export interface TermMark {
  word: number;
  prefixLength: number | null;
}

/** Wraps the matched tokens of a text in the tags; tokens come from MiniSearch's tokenizer. */
export function markText(
  text: string,
  marks: MarkLookup,
  tags: { pre: string; post: string },
): { value: string; words: Set<number>; fully: boolean } {
  const words = new Set<number>();
  let out = '';
  let cursor = 0;
  let tokens = 0;
  let wrappedWhole = 0;
  for (const token of textTools.tokenize(text)) {
    if (token === '') continue;
    const position = text.indexOf(token, cursor);
    if (position < 0) continue;
    tokens += 1;
    const term = textTools.processTerm(token);
    const mark = typeof term === 'string' ? marks.get(term) : undefined;
    out += text.slice(cursor, position);
    if (mark) {
      words.add(mark.word);
      const length =
        mark.prefixLength !== null && term === token.toLowerCase() ? mark.prefixLength : token.length;
      if (length >= token.length) wrappedWhole += 1;
      out += `${tags.pre}${token.slice(0, length)}${tags.post}${token.slice(length)}`;
    } else {
      out += token;
    }
    cursor = position + token.length;
  }
  out += text.slice(cursor);
  return { value: out, words, fully: tokens > 0 && wrappedWhole === tokens };
}

/** Finds the mark of a document term. */
export interface MarkLookup {
  get(term: string): TermMark | undefined;
}

/** The marks of a text match: a term's best match over the query words (whole word before prefix). */
export function marksOf(match: TextMatch): MarkLookup {
  return {
    get(term) {
      let found: TermMark | undefined;
      match.perWord.forEach((word, index) => {
        const kind = word.terms.get(term);
        if (kind === undefined || (found && found.prefixLength === null)) return;
        found = { word: index, prefixLength: kind === TermKind.Prefix ? word.word.length : null };
      });
      return found;
    },
  };
}

const NO_MARKS: MarkLookup = { get: () => undefined };

function leaf(
  value: unknown,
  marks: MarkLookup,
  words: readonly string[],
  tags: { pre: string; post: string },
): HighlightValue {
  const marked = markText(String(value), marks, tags);
  const matchedWords = [...marked.words].sort((a, b) => a - b).map((i) => words[i] as string);
  const matchLevel: MatchLevel =
    matchedWords.length === 0 ? 'none' : matchedWords.length === words.length ? 'full' : 'partial';
  const out: HighlightValue = { value: marked.value, matchLevel, matchedWords };
  if (matchLevel !== 'none') out.fullyHighlighted = marked.fully;
  return out;
}

function tree(
  value: unknown,
  marks: MarkLookup,
  words: readonly string[],
  tags: { pre: string; post: string },
): HighlightTree | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value))
    return value.map((v) => tree(v, marks, words, tags) ?? leaf('', NO_MARKS, words, tags));
  if (typeof value === 'object') {
    const out: Record<string, HighlightTree> = {};
    for (const [key, child] of Object.entries(value)) {
      const sub = tree(child, marks, words, tags);
      if (sub !== undefined) out[key] = sub;
    }
    return out;
  }
  return leaf(value, marks, words, tags);
}

/** `_highlightResult` of a hit for the given attributes (matchLevel `none` everywhere without a query). */
export function highlightHit(
  record: SearchRecord,
  attributes: readonly string[],
  text: TextIndex,
  match: { words: readonly string[]; marks: MarkLookup } | null,
  tags: { pre: string; post: string },
): Record<string, HighlightTree> {
  const out: Record<string, HighlightTree> = {};
  const words = match?.words ?? [];
  for (const attribute of attributes) {
    const value = rawAt(record, attribute);
    const marks = match && text.isSearchable(attribute) ? match.marks : NO_MARKS;
    const highlighted = tree(value, marks, words, tags);
    if (highlighted !== undefined) setAt(out as Record<string, unknown>, attribute, highlighted);
  }
  return out;
}
