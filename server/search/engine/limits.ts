import { badRequest } from './errors.ts';

/**
 * The cost ceiling of one search request (docs/security.md). Each is far above what the storefront
 * or a reasonable Algolia client sends, and each answers a 400 that names it, so a request crafted
 * to be expensive is refused before it costs anything.
 */
export const SEARCH_LIMITS = {
  /** Filter terms across `filters`, `facetFilters`, `numericFilters` and `tagFilters`, in all the queries of a request. */
  filterTerms: 1000,
  /** Hits asked for (`hitsPerPage` or `length`) across all the queries of a request. */
  hits: 1000,
  /** Entries of `optionalFilters` (accepted and ignored, but still read). */
  optionalFilters: 100,
  /** Names in `facets`. */
  facets: 100,
  /** Entries of a list parameter (`attributesToRetrieve`, `attributesToHighlight`, …). */
  listEntries: 100,
  /** Characters of a highlight tag or `snippetEllipsisText` (each is repeated in every hit). */
  tagLength: 100,
  /** Nesting of arrays and objects in a request body or a parameter's JSON. */
  jsonDepth: 16,
} as const;

/** A 400 that names the limit a request went over. */
export function overLimit(what: string, count: number, limit: number): never {
  throw badRequest(`Too many ${what}: ${count} (the limit is ${limit})`);
}

/**
 * The nesting depth of a JSON value, walked without recursion and stopping as soon as it passes
 * `max` (a 500,000-deep array parses, but recursing over it overflows the stack).
 */
export function exceedsDepth(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Throws a 400 when a JSON value nests deeper than `SEARCH_LIMITS.jsonDepth`. */
export function assertDepth(value: unknown, where: string): void {
  if (exceedsDepth(value, SEARCH_LIMITS.jsonDepth))
    throw badRequest(`${where} is nested too deeply (the limit is ${SEARCH_LIMITS.jsonDepth} levels)`);
}

/** The entries of a filter list as sent: strings, arrays of strings, or a comma-separated string. */
function entriesOf(input: unknown): number {
  if (typeof input === 'string') return input.split(',').length;
  if (!Array.isArray(input)) return 0;
  return input.reduce<number>((sum, item) => sum + (Array.isArray(item) ? item.length : 1), 0);
}

/** What a validated query may ask for at most (the filter terms are counted as they are parsed). */
export function assertWithinLimits(params: {
  optionalFilters?: unknown;
  facets?: readonly string[];
  attributesToRetrieve?: readonly string[];
  attributesToHighlight?: readonly string[];
  restrictSearchableAttributes?: readonly string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: unknown;
}): void {
  const optional = entriesOf(params.optionalFilters);
  if (optional > SEARCH_LIMITS.optionalFilters)
    overLimit('optionalFilters', optional, SEARCH_LIMITS.optionalFilters);
  if ((params.facets?.length ?? 0) > SEARCH_LIMITS.facets)
    overLimit('facets', params.facets?.length ?? 0, SEARCH_LIMITS.facets);
  for (const name of [
    'attributesToRetrieve',
    'attributesToHighlight',
    'restrictSearchableAttributes',
  ] as const) {
    const length = params[name]?.length ?? 0;
    if (length > SEARCH_LIMITS.listEntries) overLimit(`${name} entries`, length, SEARCH_LIMITS.listEntries);
  }
  for (const name of ['highlightPreTag', 'highlightPostTag', 'snippetEllipsisText'] as const) {
    const value = params[name];
    if (typeof value === 'string' && value.length > SEARCH_LIMITS.tagLength)
      throw badRequest(
        `${name} is too long: ${value.length} characters (the limit is ${SEARCH_LIMITS.tagLength})`,
      );
  }
}

/** Throws a 400 when a query's filters hold more terms than `SEARCH_LIMITS.filterTerms`. */
export function assertFilterTerms(count: number): void {
  if (count > SEARCH_LIMITS.filterTerms) overLimit('filter terms', count, SEARCH_LIMITS.filterTerms);
}

/**
 * A first count of the filter entries as sent, before anything reads them, so that an oversized
 * array is refused for the price of counting it (the parsed terms are counted again exactly).
 */
export function assertFilterEntries(raw: Record<string, unknown>): void {
  const count = ['facetFilters', 'numericFilters', 'tagFilters'].reduce(
    (sum, name) => sum + (Array.isArray(raw[name]) ? entriesOf(raw[name]) : 0),
    0,
  );
  assertFilterTerms(count);
}

/** Throws a 400 when the queries of one request ask for more hits than `SEARCH_LIMITS.hits` in all. */
export function assertHits(count: number): void {
  if (count > SEARCH_LIMITS.hits) overLimit('hits asked for', count, SEARCH_LIMITS.hits);
}
