import { FilterSyntaxError } from './errors.ts';

/** A token of the `filters` grammar. `word` is unquoted text, `string` a quoted one. */
export type FilterToken =
  | { type: 'lparen' | 'rparen' | 'colon' | 'end'; position: number }
  | { type: 'op'; value: '<' | '<=' | '=' | '!=' | '>=' | '>'; position: number }
  | { type: 'word' | 'string'; value: string; position: number };

const WORD_STOP = new Set([' ', '\t', '\n', '\r', '\f', '\v', '(', ')', '"', "'", ':', '<', '>', '=', '!']);

function readQuoted(source: string, start: number, label: string): { value: string; next: number } {
  const quoteChar = source[start];
  let value = '';
  let i = start + 1;
  while (i < source.length) {
    const ch = source[i] as string;
    if (ch === '\\' && i + 1 < source.length) {
      value += source[i + 1];
      i += 2;
    } else if (ch === quoteChar) {
      return { value, next: i + 1 };
    } else {
      value += ch;
      i += 1;
    }
  }
  throw new FilterSyntaxError(`${label}: Unterminated string starting at position ${start + 1}`);
}

/** Splits a `filters` string into tokens; throws {@link FilterSyntaxError} on a stray character. */
export function lexFilters(source: string, label = 'filters'): FilterToken[] {
  const tokens: FilterToken[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i] as string;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ type: ch === '(' ? 'lparen' : 'rparen', position: i + 1 });
      i += 1;
    } else if (ch === ':') {
      tokens.push({ type: 'colon', position: i + 1 });
      i += 1;
    } else if (ch === '"' || ch === "'") {
      const { value, next } = readQuoted(source, i, label);
      tokens.push({ type: 'string', value, position: i + 1 });
      i = next;
    } else if (ch === '<' || ch === '>' || ch === '=' || ch === '!') {
      const two = source.slice(i, i + 2);
      if (two === '<=' || two === '>=' || two === '!=') {
        tokens.push({ type: 'op', value: two, position: i + 1 });
        i += 2;
      } else if (ch === '!') {
        throw new FilterSyntaxError(
          `${label}: Unexpected '!' at position ${i + 1} (did you mean '!=' or NOT?)`,
        );
      } else {
        tokens.push({ type: 'op', value: ch as '<' | '>' | '=', position: i + 1 });
        i += 1;
      }
    } else {
      let j = i;
      while (j < source.length && !WORD_STOP.has(source[j] as string) && !/\s/.test(source[j] as string))
        j += 1;
      tokens.push({ type: 'word', value: source.slice(i, j), position: i + 1 });
      i = j;
    }
  }
  tokens.push({ type: 'end', position: source.length + 1 });
  return tokens;
}

/** How a token reads in an error message. */
export function describeToken(token: FilterToken): string {
  switch (token.type) {
    case 'end':
      return 'end of input';
    case 'lparen':
      return "'('";
    case 'rparen':
      return "')'";
    case 'colon':
      return "':'";
    case 'op':
      return `'${token.value}'`;
    case 'string':
      return `string "${token.value}"`;
    case 'word':
      return `'${token.value}'`;
  }
}
