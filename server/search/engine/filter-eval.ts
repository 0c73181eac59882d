import { numericLiteral } from './attributes.ts';
import { andInto, type Bitset, emptyBitset, fullBitset, invert, orInto, setSlots } from './bitset.ts';
import { lowerBound } from './facet-column.ts';
import type { FilterExpression, FilterLeaf, NumericOperator } from './filter-ast.ts';
import type { IndexData } from './index-data.ts';

function numericBits(data: IndexData, attribute: string, operator: NumericOperator, value: number): Bitset {
  const { values, slots } = data.numeric(attribute);
  const bits = emptyBitset(data.size);
  const below = lowerBound(values, value);
  const upTo = lowerBound(values, value, true);
  switch (operator) {
    case '<':
      setSlots(bits, slots, 0, below);
      break;
    case '<=':
      setSlots(bits, slots, 0, upTo);
      break;
    case '>':
      setSlots(bits, slots, upTo, slots.length);
      break;
    case '>=':
      setSlots(bits, slots, below, slots.length);
      break;
    case '=':
      setSlots(bits, slots, below, upTo);
      break;
    case '!=':
      setSlots(bits, slots, below, upTo);
      invert(bits, data.size);
      break;
  }
  return bits;
}

function facetBits(data: IndexData, attribute: string, value: string, caseSensitive: boolean): Bitset {
  const bits = emptyBitset(data.size);
  const column = data.facets.get(attribute);
  if (column) {
    const id = column.keyToId.get(caseSensitive || column.caseSensitive ? value : value.toLowerCase());
    if (id !== undefined) setSlots(bits, column.postings[id] as Int32Array);
  }
  const number = caseSensitive ? null : numericLiteral(value);
  if (number !== null) orInto(bits, numericBits(data, attribute, '=', number));
  return bits;
}

function leafBits(data: IndexData, leaf: FilterLeaf): Bitset {
  let bits: Bitset;
  switch (leaf.kind) {
    case 'facet':
      bits = facetBits(data, leaf.attribute, leaf.value, false);
      break;
    case 'tag':
      bits = facetBits(data, '_tags', leaf.value, true);
      break;
    case 'numeric':
      bits = numericBits(data, leaf.attribute, leaf.operator, leaf.value);
      break;
    case 'range': {
      bits = emptyBitset(data.size);
      if (leaf.lower <= leaf.upper) {
        const { values, slots } = data.numeric(leaf.attribute);
        setSlots(bits, slots, lowerBound(values, leaf.lower), lowerBound(values, leaf.upper, true));
      }
      break;
    }
  }
  if (leaf.negated) invert(bits, data.size);
  return bits;
}

/**
 * Evaluates AND-ed filter expressions to the bitset of matching slots; null when there is no filter
 * at all (every record matches).
 */
export function evaluateFilters(data: IndexData, expressions: readonly FilterExpression[]): Bitset | null {
  let result: Bitset | null = null;
  for (const expression of expressions) {
    for (const clause of expression) {
      const clauseBits = clause.length === 0 ? fullBitset(data.size) : emptyBitset(data.size);
      for (const leaf of clause) orInto(clauseBits, leafBits(data, leaf));
      if (result === null) result = clauseBits;
      else andInto(result, clauseBits);
    }
  }
  return result;
}
