import { describe, expect, it } from 'vitest';
import {
  ITEM_PAGE_SIZE,
  itemSearchHref,
  itemSearchParams,
  maxPriceLabel,
  parseItemSearch,
} from '../../../domain/item-search.ts';

describe('parts and accessories search (search-detail-finance-watchlist.md §7 Dealership item search)', () => {
  it.each<[string, string, ReturnType<typeof parseItemSearch>]>([
    ['nothing: every item', '', {}],
    [
      'text, category, top price and page',
      '?query=tow%20bar&category=Towing&max_price=250&page=2',
      { query: 'tow bar', category: 'Towing', maxPrice: 250, page: 2 },
    ],
    ['a top price that is not offered is dropped', '?max_price=7', {}],
    ['page 1, a page past 1000 and a page that is not a number are dropped', '?page=1&page=x', {}],
    ['a page past 1000 is dropped', '?page=1001', {}],
    [
      'blank text is dropped, long text cut to 200',
      `?query=%20%20&category=${'a'.repeat(150)}`,
      { category: 'a'.repeat(100) },
    ],
  ])('%s', (_name, search, state) => {
    expect(parseItemSearch(search)).toEqual(state);
  });

  it('writes the address in a fixed order, and reads back what it wrote', () => {
    const state = { query: 'oil filter', category: 'Filters', maxPrice: 50 as const, page: 3 };
    const href = itemSearchHref(state);
    expect(href).toBe('/parts/search?query=oil+filter&category=Filters&max_price=50&page=3');
    expect(parseItemSearch(href.split('?')[1] ?? '')).toEqual(state);
    expect(itemSearchHref({})).toBe('/parts/search');
  });

  it('§7: categories and price, 21 a page, the category counted and filtered, the price as a numeric filter', () => {
    const params = itemSearchParams({ query: 'tow', category: '-Towing', maxPrice: 500, page: 2 });
    expect(params).toMatchObject({
      query: 'tow',
      page: 1,
      hitsPerPage: ITEM_PAGE_SIZE,
      facets: ['categories'],
      facetFilters: [['categories:\\-Towing']],
      numericFilters: ['price<=500'],
    });
    expect(ITEM_PAGE_SIZE).toBe(21);
    expect(maxPriceLabel(1000)).toBe('Up to $1,000');
  });
});
