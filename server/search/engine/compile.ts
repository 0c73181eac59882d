import { badRequest } from './errors.ts';
import { parseFacetFilters, parseNumericFilters, parseTagFilters } from './filter-arrays.ts';
import type { FilterExpression } from './filter-ast.ts';
import { parseFilters } from './filters.ts';
import { assertFilterTerms } from './limits.ts';
import { DEFAULTS } from './settings.ts';
import type { TextOptions } from './text-index.ts';
import type { IndexSettings, SearchParams } from './types.ts';

/** Every filter parameter of a query, parsed (malformed input, or over 1,000 terms, throws a 400). */
export function compileFilters(params: SearchParams): FilterExpression[] {
  const out: FilterExpression[] = [];
  if (params.filters !== undefined && params.filters.trim() !== '') out.push(parseFilters(params.filters));
  if (params.facetFilters !== undefined) out.push(parseFacetFilters(params.facetFilters));
  if (params.numericFilters !== undefined) out.push(parseNumericFilters(params.numericFilters));
  if (params.tagFilters !== undefined) out.push(parseTagFilters(params.tagFilters));
  assertFilterTerms(out.reduce((sum, expression) => sum + expression.reduce((n, c) => n + c.length, 0), 0));
  return out;
}

/** The text-matching options of a query. */
export function textOptions(params: SearchParams): TextOptions {
  return {
    typoTolerance: params.typoTolerance !== false,
    queryType: params.queryType ?? 'prefixLast',
    ...(params.restrictSearchableAttributes ? { restrict: params.restrictSearchableAttributes } : {}),
  };
}

/** The effective page window of a query (validated again here so in-process callers get a 400 too). */
export function pageWindow(
  params: SearchParams,
  settings: IndexSettings,
): { page: number; hitsPerPage: number; start: number; end: number; limit: number } {
  const hitsPerPage = params.hitsPerPage ?? settings.hitsPerPage ?? DEFAULTS.hitsPerPage;
  const page = params.page ?? 0;
  if (!Number.isInteger(hitsPerPage) || hitsPerPage < 0 || hitsPerPage > DEFAULTS.maxHitsPerPage) {
    throw badRequest(
      `Invalid value for hitsPerPage parameter, expected integer between 0 and ${DEFAULTS.maxHitsPerPage}`,
    );
  }
  if (!Number.isInteger(page) || page < 0)
    throw badRequest('Invalid value for page parameter, expected a positive integer');
  const limit = settings.paginationLimitedTo ?? DEFAULTS.paginationLimitedTo;
  let start = page * hitsPerPage;
  let end = start + hitsPerPage;
  if (params.offset !== undefined || params.length !== undefined) {
    start = params.offset ?? 0;
    end = start + (params.length ?? hitsPerPage);
  }
  return { page, hitsPerPage, start: Math.min(start, limit), end: Math.min(end, limit), limit };
}

/** The `params` string Algolia echoes: each parameter URL-encoded, non-strings as JSON. */
export function echoParams(params: SearchParams): string {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(
      ([key, value]) =>
        `${key}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`,
    )
    .join('&');
}
