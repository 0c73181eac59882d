import { describe, expect, it } from 'vitest';
import { SearchHttpError } from '../../../server/search/engine/errors.ts';
import { SearchIndexRegistry } from '../../../server/search/engine/registry.ts';
import type { SearchRecord } from '../../../server/search/engine/types.ts';

const car = (objectID: string, fields: Record<string, unknown>): SearchRecord => ({ objectID, ...fields });

const RECORDS: SearchRecord[] = [
  car('1', {
    name: '2021 Toyota Corolla Ascent Sport',
    make: 'Toyota',
    model: 'Corolla',
    price: 24_990,
    year: 2021,
    created_at: 100,
    features: ['Sunroof', 'Tow Bar'],
    manufacturer: { name: 'Toyota' },
  }),
  car('2', {
    name: '2019 Toyota HiLux SR5',
    make: 'Toyota',
    model: 'HiLux',
    price: 45_500,
    year: 2019,
    created_at: 300,
    features: ['Tow Bar'],
    manufacturer: { name: 'Toyota' },
  }),
  car('3', {
    name: '2022 Mazda CX-5 Touring',
    make: 'Mazda',
    model: 'CX-5',
    price: 38_000,
    year: 2022,
    created_at: 200,
    features: [],
    manufacturer: { name: 'Mazda' },
  }),
  car('4', {
    name: '2018 Ford Ranger XLT',
    make: 'Ford',
    model: 'Ranger',
    price: 39_990,
    year: 2018,
    created_at: 400,
    features: ['Tow Bar', 'Bull Bar'],
    manufacturer: { name: 'Ford' },
  }),
  car('5', {
    name: '2020 Mazda Mazda3 G20 Evolve',
    make: 'mazda',
    model: 'Mazda3',
    price: null,
    year: 2020,
    created_at: 50,
    manufacturer: { name: 'Mazda' },
  }),
];

function registry(records = RECORDS): SearchIndexRegistry {
  const r = new SearchIndexRegistry();
  r.setSettings('stock', {
    searchableAttributes: ['name', 'make,model', 'manufacturer.name'],
    attributesForFaceting: [
      'searchable(make)',
      'model',
      'price',
      'year',
      'features',
      'filterOnly(created_at)',
    ],
    customRanking: ['desc(created_at)'],
    replicas: ['stock_price_asc', 'stock_price_desc'],
    hitsPerPage: 2,
  });
  r.setSettings('stock_price_asc', {
    ranking: ['asc(price)', 'typo', 'words', 'attribute', 'exact', 'custom'],
  });
  r.setSettings('stock_price_desc', {
    ranking: ['desc(price)', 'typo', 'words', 'attribute', 'exact', 'custom'],
  });
  r.replaceAll('stock', records);
  return r;
}

const ids = (hits: ReadonlyArray<{ objectID: string }>) => hits.map((h) => h.objectID);

describe('embedded search engine (search-protocol.md § Answer shape)', () => {
  it('an empty query returns every record, ordered by custom ranking', () => {
    const result = registry().search('stock', { query: '', hitsPerPage: 10 });
    expect(result.nbHits).toBe(5);
    expect(ids(result.hits)).toEqual(['4', '2', '3', '1', '5']);
  });

  it('matches with typos, prefixes on the last word, and every word required', () => {
    const r = registry();
    expect(ids(r.search('stock', { query: 'toyta', hitsPerPage: 10 }).hits).sort()).toEqual(['1', '2']);
    expect(ids(r.search('stock', { query: 'mazda cx', hitsPerPage: 10 }).hits)).toEqual(['3']);
    expect(r.search('stock', { query: 'toyota ranger' }).nbHits).toBe(0);
    expect(r.search('stock', { query: 'toyta', typoTolerance: false }).nbHits).toBe(0);
  });

  it('ranks exact matches before typo matches, then by custom ranking', () => {
    const r = registry([...RECORDS, car('6', { name: 'Rangor trailer', make: 'Other', created_at: 999 })]);
    expect(ids(r.search('stock', { query: 'ranger', hitsPerPage: 10 }).hits)).toEqual(['4', '6']);
  });

  it('replicas sort by their attribute, records without it last (search-protocol.md: "a sort order is a replica")', () => {
    const r = registry();
    expect(ids(r.search('stock_price_asc', { hitsPerPage: 10 }).hits)).toEqual(['1', '3', '4', '2', '5']);
    expect(ids(r.search('stock_price_desc', { hitsPerPage: 10 }).hits)).toEqual(['2', '4', '3', '1', '5']);
    expect(ids(r.search('stock_price_desc', { query: 'toyota', hitsPerPage: 10 }).hits)).toEqual(['2', '1']);
  });

  it('facet counts cover the filtered set, arrays count each element, numbers are string keys', () => {
    const result = registry().search('stock', {
      filters: 'year >= 2019',
      facets: ['make', 'features', 'year', 'created_at'],
    });
    expect(result.facets).toEqual({
      make: { Toyota: 2, Mazda: 2 },
      features: { 'Tow Bar': 2, Sunroof: 1 },
      year: { '2019': 1, '2020': 1, '2021': 1, '2022': 1 },
    });
    expect(result.facets_stats).toEqual({ year: { min: 2019, max: 2022, avg: 2020.5, sum: 8082 } });
  });

  it('maxValuesPerFacet keeps the highest counts first; facets "*" means every facet', () => {
    const result = registry().search('stock', { facets: ['*'], maxValuesPerFacet: 1 });
    expect(result.facets?.features).toEqual({ 'Tow Bar': 3 });
    expect(Object.keys(result.facets ?? {}).sort()).toEqual(['features', 'make', 'model', 'price', 'year']);
    expect(result.facets_stats?.price).toEqual({ min: 24_990, max: 45_500, avg: 37_120, sum: 148_480 });
  });

  it('paginates 0-based with nbPages = ceil(min(nbHits, paginationLimitedTo) / hitsPerPage)', () => {
    const r = registry();
    const page2 = r.search('stock', { page: 2 });
    expect(page2).toMatchObject({ page: 2, hitsPerPage: 2, nbHits: 5, nbPages: 3 });
    expect(ids(page2.hits)).toEqual(['5']);
    expect(r.search('stock', { page: 9 }).hits).toEqual([]);
    r.setSettings('stock', { paginationLimitedTo: 3 });
    const limited = r.search('stock', { page: 1 });
    expect(limited.nbPages).toBe(2);
    expect(ids(limited.hits)).toEqual(['3']);
    expect(r.search('stock', { hitsPerPage: 0 })).toMatchObject({ hits: [], nbPages: 0, nbHits: 5 });
  });

  it('rejects hitsPerPage over 1000 and a negative page with a 400', () => {
    const r = registry();
    expect(() => r.search('stock', { hitsPerPage: 1001 })).toThrow(SearchHttpError);
    expect(() => r.search('stock', { page: -1 })).toThrow(/page/);
    expect(() => r.search('nope', {})).toThrow(/does not exist/);
  });

  it('highlights matched words with the requested tags and reports matchLevel and matchedWords', () => {
    const hit = registry().search('stock', {
      query: 'toyota cor',
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
    }).hits[0];
    expect(hit?._highlightResult?.name).toEqual({
      value:
        '2021 __ais-highlight__Toyota__/ais-highlight__ __ais-highlight__Cor__/ais-highlight__olla Ascent Sport',
      matchLevel: 'full',
      matchedWords: ['toyota', 'cor'],
      fullyHighlighted: false,
    });
    expect(hit?._highlightResult?.make).toEqual({
      value: '__ais-highlight__Toyota__/ais-highlight__',
      matchLevel: 'partial',
      matchedWords: ['toyota'],
      fullyHighlighted: true,
    });
    const nested = registry().search('stock', { query: 'ford' }).hits[0];
    expect(nested?._highlightResult?.manufacturer).toEqual({
      name: { value: '<em>Ford</em>', matchLevel: 'full', matchedWords: ['ford'], fullyHighlighted: true },
    });
    const plain = registry().search('stock', { query: '' }).hits[0];
    expect(plain?._highlightResult?.name).toEqual({
      value: '2018 Ford Ranger XLT',
      matchLevel: 'none',
      matchedWords: [],
    });
  });

  it('attributesToRetrieve picks attributes (nested too), "-attr" leaves one out, objectID always', () => {
    const r = registry();
    expect(
      r.search('stock', {
        attributesToRetrieve: ['make', 'manufacturer.name'],
        attributesToHighlight: [],
        hitsPerPage: 1,
      }).hits[0],
    ).toEqual({
      objectID: '4',
      make: 'Ford',
      manufacturer: { name: 'Ford' },
    });
    const hit = r.search('stock', { attributesToRetrieve: ['*', '-features'], hitsPerPage: 1 }).hits[0];
    expect(hit).not.toHaveProperty('features');
    expect(hit).toHaveProperty('price', 39_990);
  });

  it('facet value search honours the other filters, counts, highlight and maxFacetHits', () => {
    const r = registry();
    expect(r.searchForFacetValues('stock', 'make', { facetQuery: 'ma' })).toMatchObject({
      facetHits: [{ value: 'Mazda', highlighted: '<em>Ma</em>zda', count: 2 }],
    });
    expect(
      r.searchForFacetValues('stock', 'make', { facetQuery: 'ma', filters: 'year > 2020' }).facetHits,
    ).toEqual([{ value: 'Mazda', highlighted: '<em>Ma</em>zda', count: 1 }]);
    expect(
      r
        .searchForFacetValues('stock', 'make', { facetQuery: '', maxFacetHits: 2 })
        .facetHits.map((h) => h.value),
    ).toEqual(['Mazda', 'Toyota']);
    expect(() => r.searchForFacetValues('stock', 'model', { facetQuery: 'c' })).toThrow(
      /searchable\(model\)/,
    );
  });

  it('upsert, remove and replaceAll are visible to the next search (the stock-import contract)', () => {
    const r = registry();
    r.upsert('stock', [
      car('3', { name: 'Sold out', make: 'Mazda', created_at: 1 }),
      car('7', { name: 'Kia Sportage', make: 'Kia', created_at: 2 }),
    ]);
    expect(r.search('stock', { query: 'sportage' }).nbHits).toBe(1);
    expect(r.search('stock', { query: 'touring' }).nbHits).toBe(0);
    r.remove('stock', ['7']);
    expect(r.search('stock', { query: 'sportage' }).nbHits).toBe(0);
    r.replaceAll('stock', [car('9', { name: 'Only one', created_at: 1 })]);
    expect(r.search('stock_price_asc', {}).nbHits).toBe(1);
  });
});
