import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { clientIp } from '../auth/request.ts';
import { compileFilters } from './engine/compile.ts';
import { SearchHttpError } from './engine/errors.ts';
import { assertFilterTerms, assertHits } from './engine/limits.ts';
import type { SearchIndexRegistry } from './engine/registry.ts';
import type { QueryContext } from './engine/search.ts';
import { DEFAULTS } from './engine/settings.ts';
import type { SearchParams } from './engine/types.ts';
import { MAX_SEARCH_BODY, MAX_WRITE_BODY, readJsonBody, tooLargeMessage } from './http/body.ts';
import { SearchBudget } from './http/budget.ts';
import { cors } from './http/cors.ts';
import { errorResponse, toErrorResponse } from './http/errors.ts';
import { indexAllowed, type KeyAccess, type KeyVerifier } from './keys.ts';
import { multiQueryBodySchema, searchParamsOf, singleQueryBodySchema, validate } from './params.ts';
import type { SearchEnv } from './search-env.ts';
import { registerWriteRoutes } from './write-routes.ts';

/** The `query` text that makes a test-mode server answer 503 (see docs/decisions/010-search-engine.md). */
export const FAULT_QUERY = '__fault__';
/** The query-string switch that makes a test-mode server answer 503: `?x-forecourt-fault=500`. */
export const FAULT_PARAM = 'x-forecourt-fault';

/** The three search routes (multi-query, one index, facet values), each charged to the client's budget. */
const SEARCH_PATH = /\/1\/indexes\/[^/]+\/(queries|query|facets\/[^/]+\/query)$/;

/** The test-mode fault switch; pass it only when `NODE_ENV === 'test'` or `FORECOURT_TEST_MODE=1`. */
export interface SearchFaults {
  /** Called whenever a fault is injected (for test logs). */
  onFault?: (trigger: 'query-string' | 'magic-query') => void;
}

/** What the search endpoint needs. */
export interface SearchRoutesDeps {
  indices: SearchIndexRegistry;
  keys: KeyVerifier;
  /** Present only in test mode; absent, the fault switch does not exist. */
  faults?: SearchFaults;
  /** Told about errors that are bugs (answered 500 in Algolia's form); defaults to console.error. */
  onInternalError?: (error: unknown) => void;
  /** Each client's search time (default: one per endpoint, `SEARCH_BUDGET`). */
  budget?: SearchBudget;
  /** `TRUST_PROXY`: how many proxies' `X-Forwarded-For` entries name the client. */
  trustProxy?: number;
}

/**
 * Charges each search to its client's budget and answers 429 with `Retry-After` once it is spent.
 * Searches a page's render makes in-process are the server's own and are not charged.
 */
function metered(deps: SearchRoutesDeps, budget: SearchBudget): MiddlewareHandler<SearchEnv> {
  return async (c, next) => {
    const client = clientIp(c, deps.trustProxy ?? 0);
    if (client === 'in-process') return next();
    const wait = budget.wait(client);
    if (wait > 0) {
      c.header('retry-after', String(wait));
      // Closed rather than drained: a refused client's body is never read.
      c.header('connection', 'close');
      return errorResponse(c, 429, 'Too many search requests: please wait a moment and try again');
    }
    const started = performance.now();
    try {
      await next();
    } finally {
      budget.spend(client, performance.now() - (c.get('workStarted') ?? started));
    }
  };
}

const fault = (deps: SearchRoutesDeps, trigger: 'query-string' | 'magic-query'): never => {
  deps.faults?.onFault?.(trigger);
  throw new SearchHttpError(503, 'Search is unavailable (test fault)');
};

function scoped(access: KeyAccess, indexName: string, params: SearchParams): SearchParams {
  if (!indexAllowed(access.restrictIndices, indexName))
    throw new SearchHttpError(403, `Index not allowed with this API key: ${indexName}`);
  return access.hitsPerPage === null ? params : { ...params, hitsPerPage: access.hitsPerPage };
}

function queryContext(access: KeyAccess): QueryContext {
  return { restriction: access.filters, textMemo: new WeakMap() };
}

function checkMagic(deps: SearchRoutesDeps, params: readonly SearchParams[]): void {
  if (deps.faults && params.some((p) => p.query === FAULT_QUERY || p.facetQuery === FAULT_QUERY))
    fault(deps, 'magic-query');
}

/** The ceilings on a whole multi-query: filter terms and hits summed over its queries. */
function withinRequestLimits(queries: readonly { params: SearchParams; hits: boolean }[]): void {
  const hitsOf = (q: SearchParams) => q.length ?? q.hitsPerPage ?? DEFAULTS.hitsPerPage;
  assertHits(queries.reduce((sum, q) => sum + (q.hits ? hitsOf(q.params) : 0), 0));
  const termsOf = (q: SearchParams) =>
    compileFilters(q).reduce((n, expression) => n + expression.flat().length, 0);
  assertFilterTerms(queries.reduce((sum, q) => sum + termsOf(q.params), 0));
}

function fieldsOf(body: Record<string, unknown>, omit: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !omit.includes(key)));
}

/**
 * The Algolia-compatible search endpoint as a Hono sub-app (mount it at `/search-api`): multi-query,
 * single-index query, facet value search, CORS, and — for the admin key — the writes that
 * `algoliasearch`'s `setSettings`, `saveObjects` and `replaceAllObjects` make.
 */
export function createSearchRoutes(deps: SearchRoutesDeps): Hono {
  const app = new Hono<SearchEnv>();
  const onInternal =
    deps.onInternalError ?? ((error: unknown) => console.error('search endpoint error', error));
  app.onError((error, c) => toErrorResponse(c, error, onInternal));
  app.notFound((c) => errorResponse(c, 404, 'Path not found'));
  app.use('*', cors);
  // Checked while reading: a body over the limit is refused without reading the rest.
  const limit = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // Closed rather than drained: the rest of the body is never read.
        c.header('connection', 'close');
        return errorResponse(c, 413, tooLargeMessage(maxSize));
      },
    });
  // A search is charged to its client first — one past its search time is refused before its key
  // is checked or its body read — then read up to the search limit; writes have a limit of their own.
  const budget = metered(deps, deps.budget ?? new SearchBudget());
  const searchLimit = limit(MAX_SEARCH_BODY);
  const writeLimit = limit(MAX_WRITE_BODY);
  app.use('*', async (c, next) => {
    if (c.req.method !== 'POST' || !SEARCH_PATH.test(c.req.path)) return writeLimit(c, next);
    return budget(c, async () => {
      const refused = await searchLimit(c, next);
      if (refused instanceof Response) c.res = refused;
    });
  });
  app.use('*', async (c, next) => {
    const appId = c.req.header('x-algolia-application-id') ?? c.req.query('x-algolia-application-id');
    const apiKey = c.req.header('x-algolia-api-key') ?? c.req.query('x-algolia-api-key');
    c.set('access', deps.keys.verify(appId, apiKey));
    if (deps.faults && c.req.query(FAULT_PARAM) === '500') fault(deps, 'query-string');
    await next();
  });

  app.post('/1/indexes/:index/queries', async (c) => {
    if (c.req.param('index') !== '*') return errorResponse(c, 404, 'Path not found');
    const body = validate(multiQueryBodySchema, await readJsonBody(c, MAX_SEARCH_BODY));
    const access = c.get('access');
    const prepared = body.requests.map((request) => ({
      request,
      params: scoped(
        access,
        request.indexName,
        searchParamsOf(request.params, fieldsOf(request, ['indexName', 'params', 'type', 'facet'])),
      ),
    }));
    checkMagic(
      deps,
      prepared.map((p) => p.params),
    );
    withinRequestLimits(prepared.map((p) => ({ params: p.params, hits: p.request.type !== 'facet' })));
    const context = queryContext(access);
    const results = prepared.map(({ request, params }) => {
      if (request.type !== 'facet') return deps.indices.search(request.indexName, params, context);
      if (!request.facet) throw new SearchHttpError(400, 'A facet query needs a `facet`');
      return deps.indices.searchForFacetValues(request.indexName, request.facet, params, context);
    });
    return c.json({ results });
  });

  app.post('/1/indexes/:index/query', async (c) => {
    const indexName = c.req.param('index');
    const body = validate(singleQueryBodySchema, await readJsonBody(c, MAX_SEARCH_BODY));
    const access = c.get('access');
    const params = scoped(access, indexName, searchParamsOf(body.params, fieldsOf(body, ['params'])));
    checkMagic(deps, [params]);
    return c.json(deps.indices.search(indexName, params, queryContext(access)));
  });

  app.post('/1/indexes/:index/facets/:facet/query', async (c: Context<SearchEnv>) => {
    const indexName = c.req.param('index') as string;
    const body = validate(singleQueryBodySchema, await readJsonBody(c, MAX_SEARCH_BODY));
    const access = c.get('access');
    const params = scoped(access, indexName, searchParamsOf(body.params, fieldsOf(body, ['params'])));
    checkMagic(deps, [params]);
    return c.json(
      deps.indices.searchForFacetValues(
        indexName,
        c.req.param('facet') as string,
        params,
        queryContext(access),
      ),
    );
  });

  registerWriteRoutes(app, deps.indices);
  app.all('*', (c) => errorResponse(c, 404, 'Path not found'));
  return new Hono().route('/', app);
}
