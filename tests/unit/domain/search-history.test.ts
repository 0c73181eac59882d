import { describe, expect, it } from 'vitest';
import { readSearchHistory, rememberSearch, searchHistoryKey } from '../../../domain/search-history.ts';
import type { SearchState } from '../../../domain/search-state.ts';

const s = (query: string): SearchState => ({ query });
const queries = (history: readonly SearchState[]): (string | undefined)[] => history.map((h) => h.query);

describe('search history (locations-forms-tradein-site.md §4 Toasts and history, §9 Search history 5 entries)', () => {
  it.each<[string, SearchState[], SearchState, (string | undefined)[]]>([
    ['§4 Search history: the first search', [], s('a'), ['a']],
    ['§4 Search history: newest first', [s('a')], s('b'), ['b', 'a']],
    [
      '§9 Search history 5 entries: the sixth search drops the oldest',
      [s('e'), s('d'), s('c'), s('b'), s('a')],
      s('f'),
      ['f', 'e', 'd', 'c', 'b'],
    ],
    [
      '§4 Search history: a repeated search moves to the front, once',
      [s('c'), s('b'), s('a')],
      s('a'),
      ['a', 'c', 'b'],
    ],
    [
      '§4 Search history: the same search on another page is the same search',
      [{ query: 'a', page: 2 }, s('b')],
      { query: 'a', page: 5 },
      ['a', 'b'],
    ],
    ['§4 Search history: an empty search is not remembered', [s('a')], { page: 3 }, ['a']],
  ])('%s', (_name, history, search, expected) => {
    const next = rememberSearch(history, search);
    expect(queries(next)).toEqual(expected);
    expect(next.every((entry) => entry.page === undefined)).toBe(true);
  });

  it('§4 Search history: a search with other refinements is another search; the page is not part of it', () => {
    const toyota: SearchState = { make: ['Toyota'], price: { max: 30_000 } };
    const history = rememberSearch(rememberSearch([], toyota), { ...toyota, price: { max: 40_000 } });
    expect(history).toHaveLength(2);
    expect(searchHistoryKey({ ...toyota, page: 9 })).toBe(searchHistoryKey(toyota));
  });

  it.each<[string, unknown, (string | undefined)[]]>([
    ['§9 Search history 5 entries: stored history is read back', [s('a'), s('b')], ['a', 'b']],
    [
      '§9 Search history 5 entries: invalid entries are dropped',
      [s('a'), { page: 'x' }, 42, null, { make: [] }, s('b')],
      ['a', 'b'],
    ],
    ['§9 Search history 5 entries: duplicates are dropped, first wins', [s('a'), s('b'), s('a')], ['a', 'b']],
    [
      '§9 Search history 5 entries: at most 5 are read',
      ['a', 'b', 'c', 'd', 'e', 'f'].map(s),
      ['a', 'b', 'c', 'd', 'e'],
    ],
    ['§9 Search history 5 entries: not a list reads as empty', { a: 1 }, []],
    ['§9 Search history 5 entries: empty searches are dropped', [{}, s('a')], ['a']],
  ])('%s', (_name, stored, expected) => {
    expect(queries(readSearchHistory(stored))).toEqual(expected);
  });
});
