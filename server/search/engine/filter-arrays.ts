import { FilterSyntaxError } from './errors.ts';
import type { FilterClause, FilterExpression, FilterLeaf } from './filter-ast.ts';
import { parseNumericEntry } from './filters.ts';
import type { FilterListInput } from './types.ts';

type EntryParser = (entry: string, label: string) => FilterLeaf;

/**
 * A legacy string form: `a:1,(b:2,b:3)` — commas AND, a parenthesised group ORs. A JSON array in a
 * string (as v3/v4 clients send inside `params`) is read as the array it encodes.
 */
function fromString(source: string, label: string): ReadonlyArray<string | readonly string[]> {
  const trimmed = source.trim();
  if (trimmed.startsWith('[')) {
    let decoded: unknown;
    try {
      decoded = JSON.parse(trimmed);
    } catch {
      throw new FilterSyntaxError(`${label}: not a valid JSON array`);
    }
    return asList(decoded, label);
  }
  const out: Array<string | string[]> = [];
  let group: string[] | null = null;
  let current = '';
  const flush = () => {
    const entry = current.trim();
    current = '';
    if (entry === '') return;
    if (group) group.push(entry);
    else out.push(entry);
  };
  for (const ch of source) {
    if (ch === '(' && group === null && current.trim() === '') {
      group = [];
    } else if (ch === ')' && group !== null) {
      flush();
      out.push(group);
      group = null;
    } else if (ch === ',') {
      flush();
    } else {
      current += ch;
    }
  }
  if (group !== null) throw new FilterSyntaxError(`${label}: unclosed '('`);
  flush();
  return out;
}

function asList(input: unknown, label: string): ReadonlyArray<string | readonly string[]> {
  if (typeof input === 'string') return fromString(input, label);
  if (!Array.isArray(input)) throw new FilterSyntaxError(`${label}: expected a string or an array`);
  return input.map((item) => {
    if (typeof item === 'string') return item;
    if (Array.isArray(item) && item.every((inner) => typeof inner === 'string')) return item as string[];
    throw new FilterSyntaxError(
      `${label}: entries must be strings or arrays of strings (at most two levels)`,
    );
  });
}

function toExpression(input: FilterListInput, label: string, parse: EntryParser): FilterExpression {
  const clauses: FilterClause[] = asList(input, label)
    .map((entry) => (typeof entry === 'string' ? [parse(entry, label)] : entry.map((e) => parse(e, label))))
    .filter((clause) => clause.length > 0);
  return clauses;
}

/** `-value` negates; `\-value` is a literal leading minus. */
function signed(raw: string): { value: string; negated: boolean } {
  if (raw.startsWith('\\-')) return { value: raw.slice(1), negated: false };
  if (raw.startsWith('-')) return { value: raw.slice(1), negated: true };
  return { value: raw, negated: false };
}

function facetEntry(entry: string, label: string): FilterLeaf {
  const colon = entry.indexOf(':');
  if (colon <= 0) throw new FilterSyntaxError(`${label}: "${entry}" is not of the form attribute:value`);
  const attribute = entry.slice(0, colon);
  const { value, negated } = signed(entry.slice(colon + 1));
  if (attribute === '_tags') return { kind: 'tag', value, negated };
  return { kind: 'facet', attribute, value, negated };
}

function tagEntry(entry: string): FilterLeaf {
  const { value, negated } = signed(entry);
  return { kind: 'tag', value, negated };
}

/** `facetFilters`: `["make:Toyota", ["year:2020", "year:2021"], "colour:-Red"]`. */
export const parseFacetFilters = (input: FilterListInput): FilterExpression =>
  toExpression(input, 'facetFilters', facetEntry);

/** `numericFilters`: `["price>=1000", ["km<5000", "year:2020 TO 2022"]]`. */
export const parseNumericFilters = (input: FilterListInput): FilterExpression =>
  toExpression(input, 'numericFilters', (entry, label) => parseNumericEntry(entry, label));

/** `tagFilters`: `["featured", ["a", "b"], "-hidden"]` (case-sensitive). */
export const parseTagFilters = (input: FilterListInput): FilterExpression =>
  toExpression(input, 'tagFilters', (entry) => tagEntry(entry));
