import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  facetValueSchema,
  normaliseSearchState,
  querySchema,
  SEARCH_ATTRIBUTE_NAMES,
  SEARCH_ATTRIBUTES,
  type SearchState,
} from '../../../domain/search-state.ts';
import {
  parseRangeValue,
  parseSearchUrl,
  readRouteState,
  routeToSearchState,
  searchHref,
  serialiseSearchUrl,
} from '../../../domain/search-url.ts';

const GUIDE =
  '?query=corolla&refinementList[make][0]=Toyota&refinementList[make][1]=Mazda&range[price]=10000:30000&menu[car_type]=used&page=3&sortBy=cars_price_asc';
const GUIDE_STATE: SearchState = {
  query: 'corolla',
  make: ['Toyota', 'Mazda'],
  price: { min: 10_000, max: 30_000 },
  car_type: 'used',
  page: 3,
  sortBy: 'cars_price_asc',
};
const encodeBrackets = (url: string): string => url.replace(/\[/g, '%5B').replace(/\]/g, '%5D');

describe('URL state (search-protocol.md "URL state"; search-detail-finance-watchlist.md §7)', () => {
  it.each<[string, string, SearchState]>([
    ["URL state: the guide's example", GUIDE, GUIDE_STATE],
    [
      'URL state: brackets may arrive percent-encoded (as InstantSearch writes them)',
      encodeBrackets(GUIDE),
      GUIDE_STATE,
    ],
    ['URL state: without the leading ?', GUIDE.slice(1), GUIDE_STATE],
    [
      'URL state: an open range end is empty',
      'range[price]=:30000&range[year]=2015:',
      { price: { max: 30_000 }, year: { min: 2015 } },
    ],
    ['URL state: page 1 is left out', 'page=1&query=x', { query: 'x' }],
    [
      'URL state: + and %20 are spaces',
      'query=land+cruiser&refinementList[body][0]=People%20Mover',
      { query: 'land cruiser', body: ['People Mover'] },
    ],
    [
      'URL state: list values follow their index, not their order',
      'refinementList[make][1]=Mazda&refinementList[make][0]=Toyota',
      { make: ['Toyota', 'Mazda'] },
    ],
    [
      'URL state: [] appends, as qs reads it',
      'refinementList[make][]=Toyota&refinementList[make][]=Mazda',
      { make: ['Toyota', 'Mazda'] },
    ],
    [
      'URL state: a bare refinementList[attr] is one value',
      'refinementList[make]=Toyota',
      { make: ['Toyota'] },
    ],
    [
      'URL state: a repeated value is kept once',
      'refinementList[make][0]=Toyota&refinementList[make][1]=Toyota',
      { make: ['Toyota'] },
    ],
    ['URL state: a list attribute written as a menu still opens', 'menu[make]=Toyota', { make: ['Toyota'] }],
    [
      'URL state: a menu attribute written as a list takes its first value',
      'refinementList[car_type][0]=demo&refinementList[car_type][1]=used',
      { car_type: 'demo' },
    ],
    [
      'URL state: a repeated scalar keeps its first value',
      'query=a&query=b&menu[car_type]=new&menu[car_type]=used',
      { query: 'a', car_type: 'new' },
    ],
    [
      'URL state: a value with & and = survives encoding',
      'refinementList[badge][0]=R%26D%3D1',
      { badge: ['R&D=1'] },
    ],
    ['URL state: a lone % is kept literally (as qs does)', 'query=50%', { query: '50%' }],
    ['URL state: numbers in exponent form', 'range[price]=1e3:2.5E4', { price: { min: 1000, max: 25_000 } }],
  ])('%s', (_name, search, expected) => {
    expect(parseSearchUrl(search)).toStrictEqual(expected);
  });

  it.each<[string, string, SearchState]>([
    ['an unknown parameter', 'utm_source=x&query=a', { query: 'a' }],
    [
      'an unknown attribute',
      'refinementList[colourway][0]=Red&refinementList[make][0]=Kia',
      { make: ['Kia'] },
    ],
    [
      'an unknown widget (hierarchicalMenu, toggle, configure)',
      'hierarchicalMenu[make]=Kia&toggle[sold]=true&configure[hitsPerPage]=5&query=a',
      { query: 'a' },
    ],
    [
      'an inherited attribute name',
      'refinementList[constructor][0]=x&refinementList[__proto__][0]=y&query=a',
      { query: 'a' },
    ],
    [
      'a range that is not min:max',
      'range[price]=10000&range[km]=1:2:3&range[year]=2015:2020',
      { year: { min: 2015, max: 2020 } },
    ],
    ['a range with both ends empty', 'range[price]=:&query=a', { query: 'a' }],
    ['a range end that is not a number', 'range[price]=abc:30000&range[km]=0x10:&range[year]=Infinity:', {}],
    ['a range whose min passes its max', 'range[price]=30000:10000&query=a', { query: 'a' }],
    ['a range written as a list', 'refinementList[price][0]=10000&query=a', { query: 'a' }],
    ['a list attribute written as a range', 'range[make]=1:2&query=a', { query: 'a' }],
    ['page 0', 'page=0&query=a', { query: 'a' }],
    ['a negative page', 'page=-2&query=a', { query: 'a' }],
    ['a fractional page', 'page=2.5&query=a', { query: 'a' }],
    ['a page past 1000', 'page=1001&query=a', { query: 'a' }],
    ['a sortBy that is not an index name', 'sortBy=cars%20price&query=a', { query: 'a' }],
    ['an empty query', 'query=&make=x', {}],
    ['an empty facet value', 'refinementList[make][0]=&refinementList[make][1]=Kia', { make: ['Kia'] }],
    [
      'a list index past 999',
      'refinementList[make][1000]=Kia&refinementList[make][0]=Audi',
      { make: ['Audi'] },
    ],
    ['a menu with an index', 'menu[car_type][0]=used&query=a', { query: 'a' }],
    ['a doubly encoded bracket', 'refinementList%255Bmake%255D%255B0%255D=Kia&query=a', { query: 'a' }],
  ])('URL state: drops %s and keeps the rest', (_name, search, expected) => {
    expect(parseSearchUrl(search)).toStrictEqual(expected);
  });

  it.each<[string, string, string[] | undefined, SearchState]>([
    [
      'a known replica is kept',
      'sortBy=cars_price_desc',
      ['cars', 'cars_price_desc'],
      { sortBy: 'cars_price_desc' },
    ],
    [
      'an unknown replica is dropped',
      'sortBy=other_index&query=a',
      ['cars', 'cars_price_desc'],
      { query: 'a' },
    ],
    ['without a list any index name is kept', 'sortBy=other_index', undefined, { sortBy: 'other_index' }],
  ])('URL state: sortBy is the replica name: %s', (_name, search, sortIndices, expected) => {
    expect(parseSearchUrl(search, sortIndices ? { sortIndices } : {})).toStrictEqual(expected);
  });

  it.each<[string, unknown, SearchState]>([
    ['qs arrays', { refinementList: { make: ['Toyota'] }, page: '2' }, { make: ['Toyota'], page: 2 }],
    [
      'qs objects past arrayLimit, keyed by index',
      { refinementList: { make: { 100: 'Mazda', 2: 'Toyota' } } },
      { make: ['Toyota', 'Mazda'] },
    ],
    [
      'numbers instead of strings',
      { page: 4, range: { price: '1:2' } },
      { page: 4, price: { min: 1, max: 2 } },
    ],
    [
      'nested junk',
      { query: ['a', 'b'], menu: 'x', refinementList: { make: [{ a: 1 }, 'Kia'] } },
      { make: ['Kia'] },
    ],
    ['not an object at all', 'query=a', {}],
    ['null', null, {}],
  ])('URL state: a qs-shaped route state: %s', (_name, route, expected) => {
    expect(routeToSearchState(route)).toStrictEqual(expected);
  });

  it.each<[string, SearchState, string]>([
    ["URL state: writes the guide's example", GUIDE_STATE, GUIDE.slice(1)],
    ['URL state: an open range end is empty', { price: { max: 30_000 } }, 'range[price]=:30000'],
    ['URL state: page 1 is left out', { page: 1, query: 'a b' }, 'query=a%20b'],
    [
      'URL state: values are encoded, + included',
      { badge: ['GT+', 'R&D'] },
      'refinementList[badge][0]=GT%2B&refinementList[badge][1]=R%26D',
    ],
    ['URL state: the empty search is empty', {}, ''],
  ])('%s', (_name, state, search) => {
    expect(serialiseSearchUrl(state)).toBe(search);
  });

  it.each<[string, string, SearchState, string]>([
    ['URL state: a path with the search', '/search', { query: 'kia' }, '/search?query=kia'],
    ['URL state: the empty search is the bare path', '/search/used-cars', {}, '/search/used-cars'],
  ])('%s', (_name, path, state, href) => {
    expect(searchHref(path, state)).toBe(href);
  });

  it.each<[string, string, ReturnType<typeof parseRangeValue>]>([
    ['both ends', '1:2', { min: 1, max: 2 }],
    ['equal ends', '5:5', { min: 5, max: 5 }],
    ['negative and decimal', '-1.5:.5', { min: -1.5, max: 0.5 }],
    ['-0 is 0', '-0:', { min: 0 }],
    ['crossed', '2:1', null],
    ['a space', ' 1:2', null],
  ])('URL state: range value %s', (_name, text, expected) => {
    expect(parseRangeValue(text)).toStrictEqual(expected);
  });

  const pieces = fc.constantFrom(
    'query',
    'page',
    'sortBy',
    'refinementList',
    'menu',
    'range',
    '[',
    ']',
    '%5B',
    '%5D',
    '%',
    '%2',
    '=',
    '&',
    ':',
    'make',
    'price',
    'car_type',
    '__proto__',
    'constructor',
    '0',
    '1',
    '99999',
    '-',
    '.',
    'e',
    '+',
    '?',
    '#',
    '\uD800',
  );
  const structured = fc
    .array(fc.oneof(pieces, fc.string({ maxLength: 3 })), { maxLength: 40 })
    .map((p) => p.join(''));

  it('URL state: parsing never throws, whatever the string (fast-check)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), structured), (search) => {
        const state = parseSearchUrl(search);
        expect(normaliseSearchState(state)).toStrictEqual(state);
        expect(parseSearchUrl(serialiseSearchUrl(state))).toStrictEqual(state);
      }),
      { numRuns: 2000 },
    );
  });

  const text = (max: number) => fc.string({ unit: 'binary', minLength: 1, maxLength: max });
  const facetValue = text(12).filter((v) => facetValueSchema.safeParse(v).success);
  const number = fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (n === 0 ? 0 : n));
  const range = fc
    .tuple(fc.option(number, { nil: undefined }), fc.option(number, { nil: undefined }))
    .filter(([a, b]) => a !== undefined || b !== undefined)
    .map(([a, b]) => {
      const [min, max] = a !== undefined && b !== undefined ? [Math.min(a, b), Math.max(a, b)] : [a, b];
      return { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    });
  const filterArbitraries = Object.fromEntries(
    SEARCH_ATTRIBUTE_NAMES.map((name) => {
      const kind = SEARCH_ATTRIBUTES[name];
      const arbitrary =
        kind === 'range'
          ? range
          : kind === 'menu'
            ? facetValue
            : fc.uniqueArray(facetValue, { minLength: 1, maxLength: 4 });
      return [name, arbitrary as fc.Arbitrary<unknown>];
    }),
  );
  const validState = fc.record(
    {
      query: text(30).filter((q) => querySchema.safeParse(q).success),
      page: fc.integer({ min: 2, max: 1000 }),
      sortBy: fc.stringMatching(/^[A-Za-z0-9_.-]{1,20}$/),
      ...filterArbitraries,
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<SearchState>;

  it('URL state: parse(serialise(state)) is the state, for generated valid states (fast-check)', () => {
    fc.assert(
      fc.property(validState, (state) => {
        expect(parseSearchUrl(serialiseSearchUrl(state))).toStrictEqual(normaliseSearchState(state));
        expect(normaliseSearchState(state)).toEqual(state);
        expect(parseSearchUrl(encodeBrackets(serialiseSearchUrl(state)))).toEqual(state);
      }),
      { numRuns: 1000 },
    );
  });

  it('URL state: readRouteState ignores parameters past the 1000th, as qs does', () => {
    const search = `${'x=1&'.repeat(1000)}query=late`;
    expect(readRouteState(search)).toEqual({});
  });
});
