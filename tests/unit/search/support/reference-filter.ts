import { numericLiteral, valuesAt } from '../../../../server/search/engine/attributes.ts';
import type { FilterExpression, FilterLeaf } from '../../../../server/search/engine/filter-ast.ts';

/** The facet key a plain reading of the guide gives: the value's text, case-folded unless case-sensitive. */
function key(value: unknown, caseSensitive: boolean): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return null;
  return caseSensitive ? value : value.toLowerCase();
}

function compare(value: number, operator: string, target: number): boolean {
  switch (operator) {
    case '<':
      return value < target;
    case '<=':
      return value <= target;
    case '=':
      return value === target;
    case '>=':
      return value >= target;
    case '>':
      return value > target;
    default:
      return false;
  }
}

/**
 * One filter on one record, written straight from the guide's wording with no index: facet values
 * case-insensitive (faceted attributes only; a numeric literal also matches equal numbers), tags
 * case-sensitive, numeric comparisons over numbers, `!=` as "no element equals", ranges inclusive,
 * arrays matching when any element matches.
 */
export function referenceLeaf(record: unknown, leaf: FilterLeaf, faceted: ReadonlySet<string>): boolean {
  let result: boolean;
  if (leaf.kind === 'facet') {
    const values = valuesAt(record, leaf.attribute);
    const number = numericLiteral(leaf.value);
    result = values.some(
      (v) =>
        (faceted.has(leaf.attribute) && key(v, false) === leaf.value.toLowerCase()) ||
        (number !== null && typeof v === 'number' && v === number),
    );
  } else if (leaf.kind === 'tag') {
    result = valuesAt(record, '_tags').some((v) => key(v, true) === leaf.value);
  } else {
    const numbers = valuesAt(record, leaf.attribute).filter(
      (v): v is number => typeof v === 'number' && Number.isFinite(v),
    );
    if (leaf.kind === 'range') result = numbers.some((v) => v >= leaf.lower && v <= leaf.upper);
    else if (leaf.operator === '!=') result = !numbers.some((v) => v === leaf.value);
    else result = numbers.some((v) => compare(v, leaf.operator, leaf.value));
  }
  return leaf.negated ? !result : result;
}

/** A whole expression: every clause (AND) has a matching leaf (OR). */
export function referenceMatches(
  record: unknown,
  expression: FilterExpression,
  faceted: ReadonlySet<string>,
): boolean {
  return expression.every((clause) => clause.some((leaf) => referenceLeaf(record, leaf, faceted)));
}
