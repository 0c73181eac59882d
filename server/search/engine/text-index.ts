import SearchableMap from 'minisearch/SearchableMap';
import { valuesAt } from './attributes.ts';
import { andInto, type Bitset, emptyBitset, setSlots } from './bitset.ts';
import type { SearchableField } from './settings.ts';
import { queryWords, termsOf, typoBudget } from './tokens.ts';
import type { SearchRecord } from './types.ts';

/** How a document term matched a query word. */
export const TermKind = { Exact: 0, Prefix: 1, Typo: 2 } as const;
/** How a document term matched a query word (a value of {@link TermKind}). */
export type TermKind = (typeof TermKind)[keyof typeof TermKind];

/** How the query's words may match. */
export interface TextOptions {
  typoTolerance: boolean;
  queryType: 'prefixLast' | 'prefixAll' | 'prefixNone';
  /** Limit the search to these searchable paths. */
  restrict?: readonly string[];
}

/** One query word: the vocabulary terms it matched and, per slot, its best typo/attribute/exactness. */
export interface WordMatch {
  word: string;
  terms: Map<string, TermKind>;
  /** Per slot: 0 matched without a typo, 1 with one, 2 not matched. */
  typo: Uint8Array;
  /** Per slot: best searchable-attribute rank it matched in (255 = none). */
  rank: Uint8Array;
  /** Per slot: 1 when matched exactly (not only as a prefix or with a typo). */
  exact: Uint8Array;
}

/** The records matching every query word (AND), with per-word detail for ranking and highlighting. */
export interface TextMatch {
  words: string[];
  bits: Bitset;
  perWord: WordMatch[];
}

const MAX_CACHED_TEXTS = 500_000;

/**
 * Full-text index over the searchable attributes. Text is tokenised by MiniSearch's tokenizer;
 * query words find vocabulary terms through MiniSearch's radix tree (`SearchableMap`: exact,
 * prefix and typo-tolerant lookups); each term keeps sorted slot postings per field, so a word
 * costs the size of its postings, not a per-document result object.
 */
export class TextIndex {
  /** Term → id; shared with the next build so unchanged text keeps its ids (see `constructor`). */
  readonly termIds: Map<string, number>;
  readonly vocabulary: SearchableMap<number>;
  /** Term ids of tokenised field text, reused by the next build. */
  readonly tokenCache: Map<string, Int32Array>;
  /** Whether the next build may extend this vocabulary (false once half of it is stale). */
  readonly reusable: boolean;
  /** Postings of (term, field) = `slots[start[key] .. start[key + 1])` with `key = term * fields + field`. */
  private readonly start: Int32Array;
  private readonly slots: Int32Array;
  private readonly fieldIndex = new Map<string, number>();

  /**
   * Builds the postings of every record with a counting sort over typed arrays. Passing the
   * previous build of the same index reuses its vocabulary and tokenised text (terms only
   * accumulate; a fresh vocabulary is started once half of it is stale), so a rebuild after an
   * import mostly costs one pass over the records.
   */
  constructor(
    records: readonly SearchRecord[],
    readonly fields: readonly SearchableField[],
    previous?: TextIndex,
  ) {
    fields.forEach((field, i) => {
      if (!this.fieldIndex.has(field.path)) this.fieldIndex.set(field.path, i);
    });
    const count = fields.length;
    const reuse =
      previous?.reusable === true &&
      previous.fields.map((f) => f.path).join() === fields.map((f) => f.path).join();
    this.termIds = reuse ? previous.termIds : new Map();
    this.vocabulary = reuse ? previous.vocabulary : new SearchableMap<number>();
    this.tokenCache = reuse ? previous.tokenCache : new Map();
    let keys = new Int32Array(Math.max(64, records.length * count * 2));
    let used = 0;
    for (let slot = 0; slot < records.length; slot++) {
      for (let f = 0; f < count; f++) {
        for (const value of valuesAt(records[slot], (fields[f] as SearchableField).path)) {
          const ids = this.termIdsOf(typeof value === 'string' ? value : String(value));
          if (used + 2 * ids.length > keys.length) {
            const grown = new Int32Array(Math.max(keys.length * 2, used + 2 * ids.length));
            grown.set(keys);
            keys = grown;
          }
          for (let k = 0; k < ids.length; k++) {
            keys[used++] = (ids[k] as number) * count + f;
            keys[used++] = slot;
          }
        }
      }
    }
    const keyCount = this.termIds.size * count;
    const start = new Int32Array(keyCount + 1);
    const last = new Int32Array(keyCount).fill(-1);
    let total = 0;
    for (let i = 0; i < used; i += 2) {
      const key = keys[i] as number;
      if (last[key] === keys[i + 1]) {
        keys[i] = -1;
        continue;
      }
      last[key] = keys[i + 1] as number;
      start[key + 1] = (start[key + 1] as number) + 1;
      total += 1;
    }
    for (let key = 0; key < keyCount; key++)
      start[key + 1] = (start[key + 1] as number) + (start[key] as number);
    const slots = new Int32Array(total);
    const fill = start.slice(0, keyCount);
    let live = 0;
    for (let i = 0; i < used; i += 2) {
      const key = keys[i] as number;
      if (key < 0) continue;
      slots[fill[key] as number] = keys[i + 1] as number;
      fill[key] = (fill[key] as number) + 1;
    }
    for (let id = 0; id < this.termIds.size; id++) {
      if ((start[(id + 1) * count] as number) > (start[id * count] as number)) live += 1;
    }
    this.start = start;
    this.slots = slots;
    this.reusable = live * 2 >= this.termIds.size && this.tokenCache.size <= MAX_CACHED_TEXTS;
  }

  private termIdsOf(text: string): Int32Array {
    let ids = this.tokenCache.get(text);
    if (!ids) {
      ids = Int32Array.from(termsOf(text), (term) => {
        let id = this.termIds.get(term);
        if (id === undefined) {
          id = this.termIds.size;
          this.termIds.set(term, id);
          this.vocabulary.set(term, id);
        }
        return id;
      });
      this.tokenCache.set(text, ids);
    }
    return ids;
  }

  private postingsOf(termId: number, field: number): Int32Array | null {
    const key = termId * this.fields.length + field;
    if (key + 1 >= this.start.length) return null;
    const from = this.start[key] as number;
    const to = this.start[key + 1] as number;
    return to > from ? this.slots.subarray(from, to) : null;
  }

  private matchTerms(word: string, prefix: boolean, budget: number): Map<string, TermKind> {
    const terms = new Map<string, TermKind>();
    if (prefix) {
      for (const [term] of this.vocabulary.atPrefix(word))
        terms.set(term, term === word ? TermKind.Exact : TermKind.Prefix);
    } else if (this.vocabulary.has(word)) {
      terms.set(word, TermKind.Exact);
    }
    if (budget > 0) {
      for (const [term, [, distance]] of this.vocabulary.fuzzyGet(word, budget)) {
        if (!terms.has(term)) terms.set(term, distance === 0 ? TermKind.Exact : TermKind.Typo);
      }
    }
    return terms;
  }

  /** Matches every word of the query (the last one, or all, as a prefix); null for an empty query. */
  match(query: string, size: number, options: TextOptions): TextMatch | null {
    const words = queryWords(query);
    if (words.length === 0) return null;
    const allowed = this.fields.map((f) => !options.restrict || options.restrict.includes(f.path));
    const wordBits: Bitset[] = [];
    const perWord = words.map((word, i) => {
      const prefix =
        options.queryType === 'prefixAll' || (options.queryType === 'prefixLast' && i === words.length - 1);
      const terms = this.matchTerms(word, prefix, options.typoTolerance ? typoBudget(word) : 0);
      const typo = new Uint8Array(size).fill(2);
      const rank = new Uint8Array(size).fill(255);
      const exact = new Uint8Array(size);
      const own = emptyBitset(size);
      const match: WordMatch = { word, terms, typo, rank, exact };
      for (const [term, kind] of terms) this.markTerm(match, own, term, kind, allowed);
      wordBits.push(own);
      return match;
    });
    // Two words typed apart that the index holds joined (`cx 5` → `cx5`, `land cruiser` →
    // `landcruiser`): a record with the joined word matches both, as Algolia's concatenation does.
    for (let i = 0; i + 1 < words.length; i++) {
      const joined = `${words[i]}${words[i + 1]}`;
      if (!this.vocabulary.has(joined)) continue;
      for (const j of [i, i + 1]) {
        const word = perWord[j] as WordMatch;
        if (!word.terms.has(joined)) word.terms.set(joined, TermKind.Exact);
        this.markTerm(word, wordBits[j] as Bitset, joined, TermKind.Exact, allowed);
      }
    }
    let bits: Bitset | null = null;
    for (const own of wordBits) {
      if (bits === null) bits = own;
      else andInto(bits, own);
    }
    return { words, bits: bits ?? emptyBitset(size), perWord };
  }

  /** Adds a matched term's postings to a word's bits and per-slot typo, attribute and exactness. */
  private markTerm(
    word: WordMatch,
    bits: Bitset,
    term: string,
    kind: TermKind,
    allowed: readonly boolean[],
  ): void {
    const termId = this.vocabulary.get(term) as number;
    for (let f = 0; f < this.fields.length; f++) {
      const field = this.fields[f] as SearchableField;
      if (
        (kind === TermKind.Prefix && field.prefix === false) ||
        (kind === TermKind.Typo && field.typos === false)
      )
        continue;
      const slots = allowed[f] ? this.postingsOf(termId, f) : null;
      if (!slots) continue;
      setSlots(bits, slots);
      const t = kind === TermKind.Typo ? 1 : 0;
      const r = Math.min(field.rank, 254);
      for (let k = 0; k < slots.length; k++) {
        const slot = slots[k] as number;
        if (t < (word.typo[slot] as number)) word.typo[slot] = t;
        if (r < (word.rank[slot] as number)) word.rank[slot] = r;
        if (kind === TermKind.Exact) word.exact[slot] = 1;
      }
    }
  }

  /** Whether a path is searchable (only those are highlighted as matches). */
  isSearchable(path: string): boolean {
    return this.fieldIndex.has(path);
  }

  /**
   * Algolia's tie-breaking criteria folded into one number (lower ranks first): typos, then the
   * best attribute, then words not matched exactly.
   */
  relevance(match: TextMatch, slot: number): number {
    let typos = 0;
    let best = 255;
    let inexact = 0;
    for (const word of match.perWord) {
      typos += word.typo[slot] as number;
      best = Math.min(best, word.rank[slot] as number);
      inexact += 1 - (word.exact[slot] as number);
    }
    return typos * 100_000 + best * 100 + inexact;
  }
}
