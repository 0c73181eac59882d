import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FilterSyntaxError } from '../../../server/search/engine/errors.ts';
import {
  parseFacetFilters,
  parseNumericFilters,
  parseTagFilters,
} from '../../../server/search/engine/filter-arrays.ts';
import type { FilterExpression, FilterLeaf } from '../../../server/search/engine/filter-ast.ts';
import { parseFilters, printFilters } from '../../../server/search/engine/filters.ts';
import { SearchIndexRegistry } from '../../../server/search/engine/registry.ts';
import type { SearchRecord } from '../../../server/search/engine/types.ts';
import { expressionArbitrary, filterish, leafArbitrary } from './support/filter-arbitraries.ts';
import { referenceLeaf, referenceMatches } from './support/reference-filter.ts';

const facet = (attribute: string, value: string, negated = false): FilterLeaf => ({
  kind: 'facet',
  attribute,
  value,
  negated,
});

describe('filters string grammar (search-protocol.md § Filters)', () => {
  it.each<[string, FilterExpression]>([
    ['make:Toyota', [[facet('make', 'Toyota')]]],
    ['make:"Land Rover" AND NOT colour:red', [[facet('make', 'Land Rover')], [facet('colour', 'red', true)]]],
    [
      '(make:Toyota OR make:Mazda) AND year >= 2020',
      [
        [facet('make', 'Toyota'), facet('make', 'Mazda')],
        [{ kind: 'numeric', attribute: 'year', operator: '>=', value: 2020, negated: false }],
      ],
    ],
    [
      'price:10000 TO 30000',
      [[{ kind: 'range', attribute: 'price', lower: 10000, upper: 30000, negated: false }]],
    ],
    ['km<5000', [[{ kind: 'numeric', attribute: 'km', operator: '<', value: 5000, negated: false }]]],
    [
      '_tags:Featured OR special',
      [
        [
          { kind: 'tag', value: 'Featured', negated: false },
          { kind: 'tag', value: 'special', negated: false },
        ],
      ],
    ],
    ['reserved:true', [[facet('reserved', 'true')]]],
    ['("county:Maricopa" OR "county:Pima")', [[facet('county', 'Maricopa'), facet('county', 'Pima')]]],
    ['brand:"AND"', [[facet('brand', 'AND')]]],
    ['  ', []],
  ])('parses %s', (source, expected) => {
    expect(parseFilters(source)).toEqual(expected);
  });

  it.each([
    ['make:Toyota and year:2020', /operators are in capitals/],
    ['make:Toyota OR year > 2020', /different types/],
    ['(a:1 AND b:2) OR c:3', /AND cannot be grouped inside OR/],
    ['NOT (a:1 OR a:2)', /NOT cannot negate a group/],
    ['price:10 TO high', /a number after TO/],
    ['make:"Toyota', /Unterminated string/],
    ['year > ', /a number after '>'/],
    ['(make:Toyota', /expected '\)'/],
    ['make:AND', /quote values that are keywords/],
    [`${'('.repeat(40)}a:1${')'.repeat(40)}`, /nested too deeply/],
  ])('rejects %s with a message', (source, message) => {
    expect(() => parseFilters(source)).toThrow(FilterSyntaxError);
    expect(() => parseFilters(source)).toThrow(message);
  });

  it('array forms: outer AND, inner OR, `-` negates, `\\-` escapes (search-protocol.md § Filters)', () => {
    expect(parseFacetFilters([['make:Toyota', 'make:Mazda'], 'colour:-Red', 'code:\\-12'])).toEqual([
      [facet('make', 'Toyota'), facet('make', 'Mazda')],
      [facet('colour', 'Red', true)],
      [facet('code', '-12')],
    ]);
    expect(parseFacetFilters('[["make:Toyota"]]')).toEqual([[facet('make', 'Toyota')]]);
    expect(parseNumericFilters(['price>=100', ['year:2020 TO 2022', 'km=0']])).toHaveLength(2);
    expect(parseTagFilters(['a', ['-b', 'c']])).toEqual([
      [{ kind: 'tag', value: 'a', negated: false }],
      [
        { kind: 'tag', value: 'b', negated: true },
        { kind: 'tag', value: 'c', negated: false },
      ],
    ]);
    expect(() => parseFacetFilters(['make'])).toThrow(FilterSyntaxError);
    expect(() => parseNumericFilters(['make:Toyota'])).toThrow(FilterSyntaxError);
  });
});

const isTypedOrNothing = (run: () => unknown): boolean => {
  try {
    run();
    return true;
  } catch (error) {
    return error instanceof FilterSyntaxError && error.status === 400 && error.message.length > 0;
  }
};

describe('filter parser properties (fast-check; search-protocol.md § Filters: "a 400, never a crash")', () => {
  it('random strings either parse or throw the typed 400 error', () => {
    fc.assert(
      fc.property(filterish, (source) => isTypedOrNothing(() => parseFilters(source))),
      { numRuns: 2000 },
    );
  });

  it('random array forms either parse or throw the typed 400 error', () => {
    const input = fc.oneof(filterish, fc.array(fc.oneof(filterish, fc.array(filterish))), fc.json());
    fc.assert(
      fc.property(input, (value) =>
        [parseFacetFilters, parseNumericFilters, parseTagFilters].every((parse) =>
          isTypedOrNothing(() => parse(value as never)),
        ),
      ),
      { numRuns: 1000 },
    );
  });

  it('a printed expression parses back to the same expression', () => {
    fc.assert(
      fc.property(
        expressionArbitrary((kind) => leafArbitrary(kind)),
        (expression) => {
          expect(parseFilters(printFilters(expression))).toEqual(expression);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

const FACETED = new Set(['make', 'year', 'features', 'flag', 'model.name']);
const recordArbitrary = fc.record(
  {
    make: fc.constantFrom('Toyota', 'toyota', 'Mazda', 'Land Rover', null),
    year: fc.integer({ min: 2015, max: 2020 }),
    price: fc.oneof(
      fc.integer({ min: 0, max: 40 }).map((n) => n * 1000),
      fc.constant(12_500.5),
    ),
    features: fc.array(fc.constantFrom('Sunroof', 'Tow Bar', 'tow bar', 7, true), { maxLength: 3 }),
    flag: fc.boolean(),
    model: fc.record({ name: fc.constantFrom('Corolla', 'CX-5', 'Defender') }),
    _tags: fc.array(fc.constantFrom('Featured', 'featured', 'sale'), { maxLength: 2 }),
  },
  { requiredKeys: ['year'] },
);
const domainValue = fc.constantFrom(
  'Toyota',
  'TOYOTA',
  'mazda',
  'Land Rover',
  'tow bar',
  '2017',
  '2017.0',
  '7',
  'true',
  'false',
  'Corolla',
  'cx-5',
  'Featured',
  'featured',
  'sale',
  'none',
);
const domainAttribute = fc.constantFrom('make', 'year', 'price', 'features', 'flag', 'model.name', 'unknown');
const domainLeaf = (kind: 'facet' | 'numeric' | 'tag') =>
  kind === 'numeric'
    ? leafArbitrary(kind, domainAttribute).map((leaf) => leaf)
    : leafArbitrary(kind, domainAttribute, domainValue);

function engineFor(records: readonly Record<string, unknown>[]) {
  const registry = new SearchIndexRegistry();
  registry.setSettings('t', { attributesForFaceting: [...FACETED], searchableAttributes: ['make'] });
  registry.replaceAll('t', records.map((r, i) => ({ ...r, objectID: String(i) })) as SearchRecord[]);
  return (params: { filters?: string; facetFilters?: string[][] }) =>
    registry
      .search('t', {
        ...params,
        hitsPerPage: 1000,
        attributesToRetrieve: ['objectID'],
        attributesToHighlight: [],
      })
      .hits.map((h) => Number(h.objectID))
      .sort((a, b) => a - b);
}

describe('filter evaluation properties (fast-check against a plain reference evaluator)', () => {
  const dataset = fc.array(recordArbitrary, { minLength: 1, maxLength: 40 });

  it('the engine returns exactly the records the reference evaluator accepts', () => {
    fc.assert(
      fc.property(dataset, expressionArbitrary(domainLeaf), (records, expression) => {
        const search = engineFor(records);
        const expected = records.flatMap((r, i) => (referenceMatches(r, expression, FACETED) ? [i] : []));
        expect(search({ filters: printFilters(expression) })).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('NOT of a filter returns exactly the complement of the filter', () => {
    fc.assert(
      fc.property(
        dataset,
        fc.constantFrom('facet' as const, 'numeric' as const, 'tag' as const).chain(domainLeaf),
        (records, leaf) => {
          const search = engineFor(records);
          const plain = search({ filters: printFilters([[{ ...leaf, negated: false }]]) });
          const negated = search({ filters: printFilters([[{ ...leaf, negated: true }]]) });
          expect([...plain, ...negated].sort((a, b) => a - b)).toEqual(records.map((_, i) => i));
          expect(plain).toEqual(
            records.flatMap((r, i) => (referenceLeaf(r, { ...leaf, negated: false }, FACETED) ? [i] : [])),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('facetFilters arrays select the same records as the equivalent filters string', () => {
    const facetOnly = expressionArbitrary(() => leafArbitrary('facet', domainAttribute, domainValue));
    fc.assert(
      fc.property(dataset, facetOnly, (records, expression) => {
        const search = engineFor(records);
        const arrays = expression.map((clause) =>
          clause.map((leaf) => {
            const value = leaf.kind === 'facet' ? leaf.value : '';
            const escaped = value.startsWith('-') ? `\\${value}` : value;
            return `${leaf.kind === 'facet' ? leaf.attribute : '_tags'}:${leaf.negated ? '-' : ''}${escaped}`;
          }),
        );
        expect(search({ facetFilters: arrays })).toEqual(search({ filters: printFilters(expression) }));
      }),
      { numRuns: 200 },
    );
  });
});
