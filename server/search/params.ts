import { z } from 'zod';
import { badRequest } from './engine/errors.ts';
import { assertDepth, assertFilterEntries, assertWithinLimits } from './engine/limits.ts';
import { DEFAULTS } from './engine/settings.ts';
import type { SearchParams } from './engine/types.ts';

const tryJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const int = (max?: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    max === undefined ? z.number().int().min(0) : z.number().int().min(0).max(max),
  );
const list = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v.trim().startsWith('[')
        ? tryJson(v)
        : v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
      : v,
  z.array(z.string()),
);
const filterList = z.union([z.string(), z.array(z.union([z.string(), z.array(z.string())]))]);
const ignored = z.unknown();
/** `aroundLatLng`: two decimal numbers, comma-separated, spaces allowed around them. */
const LAT_LNG = /^\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*$/;

/** Parameters the engine honours, in Algolia's names and types. */
const honoured = {
  query: z.string().max(512),
  filters: z.string(),
  facetFilters: filterList,
  numericFilters: filterList,
  tagFilters: filterList,
  facets: z.preprocess((v) => (typeof v === 'string' && !v.trim().startsWith('[') ? [v] : v), list),
  maxValuesPerFacet: int(DEFAULTS.maxValuesPerFacetLimit),
  sortFacetValuesBy: z.enum(['count', 'alpha']),
  page: int(),
  hitsPerPage: int(DEFAULTS.maxHitsPerPage),
  offset: int(),
  length: int(DEFAULTS.maxHitsPerPage),
  attributesToRetrieve: list,
  attributesToHighlight: list,
  highlightPreTag: z.string(),
  highlightPostTag: z.string(),
  restrictSearchableAttributes: list,
  typoTolerance: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.union([z.boolean(), z.enum(['min', 'strict'])]),
  ),
  queryType: z.enum(['prefixLast', 'prefixAll', 'prefixNone']),
  facetQuery: z.string().max(512),
  maxFacetHits: int(DEFAULTS.maxFacetHitsLimit),
  /** Accepted and ignored (no personalisation here), but read, so its shape and size are checked. */
  optionalFilters: filterList,
  /** A radial geo search's centre, "lat,lng" in degrees (issue 37 item 3). */
  aroundLatLng: z
    .string()
    .regex(LAT_LNG, 'expected two floats separated by a comma')
    .refine((text) => {
      const [lat, lng] = text.split(',').map((part) => Number(part.trim()));
      return Math.abs(lat as number) <= 90 && Math.abs(lng as number) <= 180;
    }, 'latitude within ±90 and longitude within ±180'),
  /** Its radius: whole metres (at least 1), or `all`. */
  aroundRadius: z.union([
    z.literal('all'),
    z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().int().min(1)),
  ]),
  getRankingInfo: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()),
};

/** Parameters real clients send that change nothing here (accepted, type-checked loosely). */
const ACCEPTED = [
  'sumOrFiltersScores',
  'facetingAfterDistinct',
  'aroundLatLngViaIP',
  'aroundPrecision',
  'minimumAroundRadius',
  'insideBoundingBox',
  'insidePolygon',
  'naturalLanguages',
  'ruleContexts',
  'personalizationImpact',
  'userToken',
  'explain',
  'synonyms',
  'clickAnalytics',
  'analytics',
  'analyticsTags',
  'percentileComputation',
  'enableABTest',
  'attributesToSnippet',
  'snippetEllipsisText',
  'restrictHighlightAndSnippetArrays',
  'minWordSizefor1Typo',
  'minWordSizefor2Typos',
  'allowTyposOnNumericTokens',
  'disableTypoToleranceOnAttributes',
  'ignorePlurals',
  'removeStopWords',
  'queryLanguages',
  'decompoundQuery',
  'enableRules',
  'enablePersonalization',
  'removeWordsIfNoResults',
  'advancedSyntax',
  'optionalWords',
  'disableExactOnAttributes',
  'exactOnSingleWordQuery',
  'alternativesAsExact',
  'advancedSyntaxFeatures',
  'distinct',
  'replaceSynonymsInHighlight',
  'minProximity',
  'responseFields',
  'attributeCriteriaComputedByMinProximity',
  'renderingContent',
  'enableReRanking',
  'reRankingApplyFilter',
  'relevancyStrictness',
  'similarQuery',
  'mode',
  'semanticSearch',
] as const;

/** The search parameters of one query (unknown names are a 400, like Algolia's). */
export const searchParamsSchema = z
  .object({ ...honoured, ...Object.fromEntries(ACCEPTED.map((name) => [name, ignored])) })
  .partial()
  .strict();

const STRING_PARAMS = new Set([
  'query',
  'filters',
  'highlightPreTag',
  'highlightPostTag',
  'facetQuery',
  'sortFacetValuesBy',
  'queryType',
  'snippetEllipsisText',
  'userToken',
  'aroundLatLng',
]);

/** Decodes a v3/v4 `params` string: URL-encoded pairs whose values may be JSON. */
export function decodeParamsString(params: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(params))
    out[key] = STRING_PARAMS.has(key) ? value : tryJson(value);
  return out;
}

function messageOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid parameters';
  if (issue.code === 'unrecognized_keys') return `Unknown parameter: ${issue.keys.join(', ')}`;
  const name = issue.path.join('.') || 'body';
  if (name === 'hitsPerPage')
    return `Invalid value for hitsPerPage parameter, expected integer between 0 and ${DEFAULTS.maxHitsPerPage}`;
  if (name === 'page') return 'Invalid value for page parameter, expected a positive integer';
  return `Invalid value for ${name} parameter: ${issue.message}`;
}

/** Validates with zod, turning a failure into a 400 with Algolia-style wording. */
export function validate<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw badRequest(messageOf(parsed.error));
  return parsed.data;
}

/** Merges a `params` string with v5 fields beside it (the fields win) and validates the result. */
export function searchParamsOf(params: string | undefined, fields: Record<string, unknown>): SearchParams {
  const merged = { ...(params ? decodeParamsString(params) : {}), ...fields };
  assertDepth(merged, 'A search parameter');
  assertFilterEntries(merged);
  const valid = validate(searchParamsSchema, merged) as SearchParams;
  assertWithinLimits(valid);
  return valid;
}

/** One entry of a multi-query body. */
const queryRequestSchema = z
  .object({
    indexName: z.string().min(1),
    params: z.string().optional(),
    type: z.enum(['default', 'facet']).optional(),
    facet: z.string().min(1).optional(),
  })
  .catchall(z.unknown());

/** `POST /1/indexes/*\/queries` body. */
export const multiQueryBodySchema = z.object({
  requests: z.array(queryRequestSchema).min(1).max(100),
  strategy: z.enum(['none', 'stopIfEnoughMatches']).optional(),
});

/** `POST /1/indexes/{index}/query` and `/facets/{facet}/query` bodies. */
export const singleQueryBodySchema = z.object({ params: z.string().optional() }).catchall(z.unknown());
