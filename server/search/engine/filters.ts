import { numericLiteral } from './attributes.ts';
import { FilterSyntaxError } from './errors.ts';
import {
  type FilterClause,
  type FilterExpression,
  type FilterLeaf,
  filterType,
  type NumericOperator,
} from './filter-ast.ts';
import { describeToken, type FilterToken, lexFilters } from './filter-lexer.ts';

export type { FilterClause, FilterExpression, FilterLeaf } from './filter-ast.ts';
export { printFilters } from './filter-ast.ts';

/** Longest `filters` string accepted (a secured key's restriction fits many times over). */
export const MAX_FILTERS_LENGTH = 65_536;
const MAX_DEPTH = 32;

type Node = { type: 'leaf'; leaf: FilterLeaf } | { type: 'and' | 'or'; children: Node[] };

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'TO']);

class Parser {
  private index = 0;

  constructor(
    private readonly tokens: FilterToken[],
    private readonly label: string,
  ) {}

  private peek(): FilterToken {
    return this.tokens[this.index] as FilterToken;
  }

  private next(): FilterToken {
    const token = this.peek();
    if (token.type !== 'end') this.index += 1;
    return token;
  }

  private isKeyword(word: string): boolean {
    const token = this.peek();
    return token.type === 'word' && token.value === word;
  }

  fail(token: FilterToken, expected: string): never {
    throw new FilterSyntaxError(
      `${this.label}: Unexpected ${describeToken(token)} at position ${token.position}, expected ${expected}`,
    );
  }

  parseAll(): Node | null {
    if (this.peek().type === 'end') return null;
    const node = this.parseOr(0);
    const rest = this.peek();
    if (rest.type !== 'end') this.fail(rest, 'AND, OR or end of input (operators are in capitals)');
    return node;
  }

  private parseOr(depth: number): Node {
    const children = [this.parseAnd(depth)];
    while (this.isKeyword('OR')) {
      this.next();
      children.push(this.parseAnd(depth));
    }
    return children.length === 1 ? (children[0] as Node) : { type: 'or', children };
  }

  private parseAnd(depth: number): Node {
    const children = [this.parseUnary(depth)];
    while (this.isKeyword('AND')) {
      this.next();
      children.push(this.parseUnary(depth));
    }
    return children.length === 1 ? (children[0] as Node) : { type: 'and', children };
  }

  private parseUnary(depth: number): Node {
    const token = this.peek();
    if (token.type === 'lparen') {
      if (depth >= MAX_DEPTH) throw new FilterSyntaxError(`${this.label}: Parentheses nested too deeply`);
      this.next();
      const inner = this.parseOr(depth + 1);
      const close = this.next();
      if (close.type !== 'rparen') this.fail(close, "')'");
      return inner;
    }
    if (this.isKeyword('NOT')) {
      this.next();
      const target = this.peek();
      if (target.type === 'lparen' || (target.type === 'word' && KEYWORDS.has(target.value))) {
        this.fail(target, 'a single filter after NOT (NOT cannot negate a group)');
      }
      const leaf = this.parseFilter();
      return { type: 'leaf', leaf: { ...leaf, negated: true } };
    }
    return { type: 'leaf', leaf: this.parseFilter() };
  }

  private parseNumber(context: string): number {
    const token = this.next();
    const value = token.type === 'word' ? numericLiteral(token.value) : null;
    if (value === null) this.fail(token, `a number ${context}`);
    return value;
  }

  /** One filter: `attr:value`, `attr:lo TO hi`, `attr <op> n`, `_tags:x` or a bare tag. */
  parseFilter(): FilterLeaf {
    const first = this.next();
    if (
      (first.type !== 'word' && first.type !== 'string') ||
      (first.type === 'word' && KEYWORDS.has(first.value))
    ) {
      this.fail(first, 'a filter');
    }
    const attribute = first.value;
    const after = this.peek();
    if (after.type === 'op') {
      this.next();
      return {
        kind: 'numeric',
        attribute,
        operator: after.value,
        value: this.parseNumber(`after '${after.value}'`),
        negated: false,
      };
    }
    if (after.type === 'colon') {
      this.next();
      const valueToken = this.next();
      if (valueToken.type !== 'word' && valueToken.type !== 'string')
        this.fail(valueToken, `a value after '${attribute}:'`);
      if (valueToken.type === 'word' && KEYWORDS.has(valueToken.value)) {
        this.fail(valueToken, `a value after '${attribute}:' (quote values that are keywords)`);
      }
      if (this.isKeyword('TO')) {
        this.next();
        const lower = valueToken.type === 'word' ? numericLiteral(valueToken.value) : null;
        if (lower === null) this.fail(valueToken, 'a number before TO');
        const upper = this.parseNumber('after TO');
        return { kind: 'range', attribute, lower, upper, negated: false };
      }
      if (attribute === '_tags') return { kind: 'tag', value: valueToken.value, negated: false };
      return { kind: 'facet', attribute, value: valueToken.value, negated: false };
    }
    if (first.type === 'string' && first.value.includes(':')) {
      const colon = first.value.indexOf(':');
      const attr = first.value.slice(0, colon);
      const value = first.value.slice(colon + 1);
      if (attr === '_tags') return { kind: 'tag', value, negated: false };
      return { kind: 'facet', attribute: attr, value, negated: false };
    }
    return { kind: 'tag', value: attribute, negated: false };
  }

  /** For `numericFilters` entries: exactly one numeric or range filter. */
  parseSingleNumeric(): FilterLeaf {
    const leaf = this.parseFilter();
    if (leaf.kind !== 'numeric' && leaf.kind !== 'range') {
      throw new FilterSyntaxError(
        `${this.label}: expected 'attribute <op> number' or 'attribute:lower TO upper'`,
      );
    }
    const rest = this.peek();
    if (rest.type !== 'end') this.fail(rest, 'end of the numeric filter');
    return leaf;
  }
}

function toClauses(node: Node, label: string): FilterClause[] {
  if (node.type === 'leaf') return [[node.leaf]];
  if (node.type === 'and') return node.children.flatMap((child) => toClauses(child, label));
  const leaves: FilterLeaf[] = [];
  for (const child of node.children) {
    const clauses = toClauses(child, label);
    if (clauses.length !== 1) {
      throw new FilterSyntaxError(`${label}: AND cannot be grouped inside OR; write (A OR B) AND C instead`);
    }
    leaves.push(...(clauses[0] as FilterClause));
  }
  return [leaves];
}

/** Checks Algolia's rule that an OR group holds filters of one type. */
export function assertHomogeneous(expression: FilterExpression, label: string): void {
  for (const clause of expression) {
    const types = new Set(clause.map(filterType));
    if (types.size > 1) {
      throw new FilterSyntaxError(
        `${label}: filters of different types (${[...types].join(', ')}) cannot be combined with OR`,
      );
    }
  }
}

/**
 * Parses Algolia's `filters` string into an AND of OR-clauses. A malformed string throws
 * {@link FilterSyntaxError} with the position and what was expected; nothing else is thrown.
 */
export function parseFilters(source: string, label = 'filters'): FilterExpression {
  if (source.length > MAX_FILTERS_LENGTH) {
    throw new FilterSyntaxError(`${label}: longer than ${MAX_FILTERS_LENGTH} characters`);
  }
  const node = new Parser(lexFilters(source, label), label).parseAll();
  if (node === null) return [];
  const expression = toClauses(node, label);
  assertHomogeneous(expression, label);
  return expression;
}

/** Parses one `numericFilters` entry such as `price>=1000` or `price:1000 TO 2000`. */
export function parseNumericEntry(source: string, label = 'numericFilters'): FilterLeaf {
  return new Parser(lexFilters(source, label), label).parseSingleNumeric();
}

/** The numeric operators, for generators and validation. */
export const NUMERIC_OPERATORS: readonly NumericOperator[] = ['<', '<=', '=', '!=', '>=', '>'];
