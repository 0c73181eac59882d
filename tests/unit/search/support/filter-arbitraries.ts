import fc from 'fast-check';
import type {
  FilterClause,
  FilterExpression,
  FilterLeaf,
} from '../../../../server/search/engine/filter-ast.ts';
import { NUMERIC_OPERATORS } from '../../../../server/search/engine/filters.ts';

const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => n + 0);
const number = fc.oneof(fc.integer({ min: -5000, max: 5000 }), finite);

/** Any attribute name the printer must cope with (a facet on `_tags` would read back as a tag). */
export const anyAttribute = fc
  .oneof(fc.constantFrom('make', 'model.name', 'AND', 'TO', 'a b', 'x:y'), fc.string())
  .filter((a) => a !== '_tags');

/** Leaves with arbitrary names and values, for the print → parse round trip. */
export function leafArbitrary(
  kind: 'facet' | 'numeric' | 'tag',
  attribute = anyAttribute,
  value: fc.Arbitrary<string> = fc.string(),
): fc.Arbitrary<FilterLeaf> {
  const negated = fc.boolean();
  if (kind === 'facet') return fc.record({ kind: fc.constant('facet' as const), attribute, value, negated });
  if (kind === 'tag') return fc.record({ kind: fc.constant('tag' as const), value, negated });
  return fc.oneof(
    fc.record({
      kind: fc.constant('numeric' as const),
      attribute,
      operator: fc.constantFrom(...NUMERIC_OPERATORS),
      value: number,
      negated,
    }),
    fc.record({ kind: fc.constant('range' as const), attribute, lower: number, upper: number, negated }),
  );
}

/** An AND of OR-clauses, each clause of one filter type (Algolia's rule). */
export function expressionArbitrary(
  leaf: (kind: 'facet' | 'numeric' | 'tag') => fc.Arbitrary<FilterLeaf>,
): fc.Arbitrary<FilterExpression> {
  const clause: fc.Arbitrary<FilterClause> = fc
    .constantFrom('facet' as const, 'numeric' as const, 'tag' as const)
    .chain((kind) => fc.array(leaf(kind), { minLength: 1, maxLength: 3 }));
  return fc.array(clause, { minLength: 0, maxLength: 4 });
}

/** Strings built from the grammar's own pieces, so the parser meets near-misses, not only noise. */
export const filterish = fc.oneof(
  fc.string(),
  fc
    .array(
      fc.constantFrom(
        '(',
        ')',
        ' AND ',
        ' OR ',
        'NOT ',
        ':',
        '"',
        "'",
        'make',
        '1',
        '-2.5',
        ' TO ',
        '<',
        '<=',
        '=',
        '!=',
        '!',
        '\\',
        '_tags',
        ' ',
        'x y',
      ),
      { maxLength: 20 },
    )
    .map((parts) => parts.join('')),
);
