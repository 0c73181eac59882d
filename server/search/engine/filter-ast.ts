/** A numeric comparison operator of Algolia's filter grammar. */
export type NumericOperator = '<' | '<=' | '=' | '!=' | '>=' | '>';

/** `attr:value` — case-insensitive equality on a facet (booleans are the values `true`/`false`). */
export interface FacetFilter {
  kind: 'facet';
  attribute: string;
  value: string;
  negated: boolean;
}

/** `attr <op> n`. */
export interface NumericFilter {
  kind: 'numeric';
  attribute: string;
  operator: NumericOperator;
  value: number;
  negated: boolean;
}

/** `attr:lo TO hi`, both bounds inclusive. */
export interface RangeFilter {
  kind: 'range';
  attribute: string;
  lower: number;
  upper: number;
  negated: boolean;
}

/** `_tags:value` (or a bare value) — case-sensitive. */
export interface TagFilter {
  kind: 'tag';
  value: string;
  negated: boolean;
}

/** One filter; `negated` is a leading `NOT` (or `-value` in the array forms). */
export type FilterLeaf = FacetFilter | NumericFilter | RangeFilter | TagFilter;

/** Filters ORed together; all of one type (facet, numeric, or tag). */
export type FilterClause = readonly FilterLeaf[];

/**
 * A parsed filter in Algolia's shape: an AND of OR-clauses (what its grammar allows). The empty
 * expression matches every record.
 */
export type FilterExpression = readonly FilterClause[];

/** The type that decides which filters may share an OR group. */
export function filterType(leaf: FilterLeaf): 'facet' | 'numeric' | 'tag' {
  return leaf.kind === 'range' ? 'numeric' : leaf.kind;
}

const BARE_WORD = /^[^\s()"':<>=!]+$/;
const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'TO']);

function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function name(attribute: string): string {
  return BARE_WORD.test(attribute) && !KEYWORDS.has(attribute) ? attribute : quote(attribute);
}

function printLeaf(leaf: FilterLeaf): string {
  const not = leaf.negated ? 'NOT ' : '';
  switch (leaf.kind) {
    case 'facet':
      return `${not}${name(leaf.attribute)}:${quote(leaf.value)}`;
    case 'numeric':
      return `${not}${name(leaf.attribute)} ${leaf.operator} ${String(leaf.value)}`;
    case 'range':
      return `${not}${name(leaf.attribute)}:${String(leaf.lower)} TO ${String(leaf.upper)}`;
    case 'tag':
      return `${not}_tags:${quote(leaf.value)}`;
  }
}

/** Prints an expression in the `filters` grammar; parsing the output gives the same expression. */
export function printFilters(expression: FilterExpression): string {
  return expression
    .map((clause) => {
      const parts = clause.map(printLeaf);
      return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`;
    })
    .join(' AND ');
}
