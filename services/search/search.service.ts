import { createMemoryCache } from '@algolia/client-common';
import { type LiteClient, liteClient } from 'algoliasearch/lite';
import {
  countResultSchema,
  facetResultSchema,
  mainResultSchema,
  multiQueryAnswerSchema,
  searchErrorBodySchema,
} from '../../domain/contracts/search-answers.ts';
import { makesOfModels } from '../../domain/search-listing.ts';
import {
  CAR_HIT_ATTRIBUTES,
  type CarSearchCall,
  type CarSearchRequest,
  type CarSearchResult,
  type SearchEndpoint,
} from '../../domain/search-result.ts';
import {
  isEmptySearch,
  isSearchAttribute,
  SEARCH_ATTRIBUTES,
  type SearchState,
} from '../../domain/search-state.ts';
import {
  correctedSearch,
  nearerSearches,
  pickSuggestions,
  type SearchSuggestion,
  VOCABULARY_FACETS,
  vocabularyOf,
} from '../../domain/search-suggestions.ts';
import { ServiceError } from '../errors.ts';
import type { FetchLike } from '../http.ts';
import { buildQueries, disjunctiveAttributes, type SearchQuery } from './search.queries.ts';

type ClientOptions = NonNullable<Parameters<typeof liteClient>[2]>;
type Requester = NonNullable<ClientOptions['requester']>;

/** Gives a fresh search key for the site (its key expires: `server/search-connection.ts`). */
export type RenewKey = () => Promise<string>;

type SearchRequest = Parameters<Requester['send']>[0];
/**
 * Which hosts answered lately, in memory (the client's own memory cache). Its browser build keeps them
 * in localStorage and waits a macrotask (`setTimeout(0)`) before each read, so every search started a
 * frame late: after React had rendered the loading state and run its effects (issue 20 item 4; about
 * 10 ms of each facet click). A host that failed is still skipped for this page's life.
 */
export const memoryHostsCache = () => createMemoryCache();

/** The request with `apiKey` in place of the key it was made with (a header or a query parameter). */
function withKey(request: SearchRequest, apiKey: string): SearchRequest {
  const url = new URL(request.url);
  if (url.searchParams.has('x-algolia-api-key')) url.searchParams.set('x-algolia-api-key', apiKey);
  const headers = { ...request.headers };
  for (const name of Object.keys(headers))
    if (name.toLowerCase() === 'x-algolia-api-key') headers[name] = apiKey;
  return { ...request, url: url.toString(), headers };
}

/**
 * algoliasearch's requester over an injected `fetch`: the browser's, or — while the server renders —
 * the server's own app in-process, so both run the same client against the same endpoint. With
 * `renewKey`, a search refused because the key expired (a tab left open past its hour) gets a fresh
 * key and is sent again, and later searches use it.
 */
export function fetchRequester(fetch: FetchLike, renewKey?: RenewKey): Requester {
  let renewed: string | null = null;
  const send = sendOnce(fetch);
  return {
    async send(request) {
      const answer = await send(renewed ? withKey(request, renewed) : request);
      if (!renewKey || answer.status !== 403 || !/expired/i.test(answer.content)) return answer;
      try {
        renewed = await renewKey();
      } catch {
        return answer;
      }
      return send(withKey(request, renewed));
    },
  };
}

function sendOnce(fetch: FetchLike): Requester['send'] {
  return async (request) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), request.connectTimeout + request.responseTimeout);
    try {
      const response = await fetch(
        new Request(request.url, {
          method: request.method,
          headers: request.headers,
          // A string: compression is not switched on (it would be a Uint8Array of gzip bytes).
          body: (request.data ?? null) as BodyInit | null,
          signal: controller.signal,
        }),
      );
      const content = await response.text();
      // The headers too: a 429's Retry-After tells the client how long to wait before trying again.
      return {
        status: response.status,
        content,
        isTimedOut: false,
        headers: Object.fromEntries(response.headers),
      };
    } catch (error) {
      const isTimedOut = controller.signal.aborted;
      const content = isTimedOut ? 'timed out' : error instanceof Error ? error.message : String(error);
      return { status: 0, content, isTimedOut };
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The lite search client for a site's `search_connection`: its own endpoint (`host`) or Algolia's
 * hosts (`host` null), with requests sent through `fetch`.
 */
export function createSearchClient(
  endpoint: SearchEndpoint,
  fetch: FetchLike,
  renewKey?: RenewKey,
): LiteClient {
  return liteClient(endpoint.appId, endpoint.apiKey, {
    requester: fetchRequester(fetch, renewKey),
    hostsCache: memoryHostsCache(),
    timeouts: { connect: 2_000, read: 5_000, write: 30_000 },
    ...(endpoint.host
      ? { hosts: [{ url: endpoint.host, protocol: endpoint.protocol, accept: 'read' }] }
      : {}),
  });
}

interface FailedFrame {
  response?: { status?: number; content?: string; isTimedOut?: boolean };
}

function messageOf(content: string | undefined, status: number): string {
  const parsed = searchErrorBodySchema.safeParse(
    (() => {
      try {
        return JSON.parse(content ?? '');
      } catch {
        return undefined;
      }
    })(),
  );
  return parsed.success ? parsed.data.message : `Search failed with status ${status}`;
}

/** The client's errors (ApiError, RetryError, …) as the one `ServiceError` services throw. */
export function toServiceError(error: unknown): ServiceError {
  const failure = error as { name?: string; status?: number; message?: string; stackTrace?: FailedFrame[] };
  const last = failure.stackTrace?.at(-1)?.response;
  const status = failure.status ?? last?.status ?? 0;
  if (status === 0 || last?.isTimedOut) {
    return new ServiceError('network', `Network error: ${last?.content || failure.message || 'unreachable'}`);
  }
  const message = failure.name === 'ApiError' ? (failure.message ?? '') : messageOf(last?.content, status);
  return new ServiceError(status === 404 ? 'notFound' : 'http', message, { status });
}

function invalid(detail: string): ServiceError {
  return new ServiceError('validation', `Unexpected answer from search: ${detail}`);
}

/**
 * The search page's car searches over this app instance's `fetch`: each call runs one car search
 * (`searchCars`) on the lite client of its search connection, one client per connection kept for the
 * searcher's life.
 */
export function carSearcher(
  fetch: FetchLike,
  renewKey?: RenewKey,
): (input: CarSearchCall) => Promise<CarSearchResult> {
  const clients = new Map<string, LiteClient>();
  return (input) => {
    const { endpoint } = input;
    const id = `${endpoint.protocol}://${endpoint.host}|${endpoint.appId}|${endpoint.apiKey}`;
    const client = clients.get(id) ?? createSearchClient(endpoint, fetch, renewKey);
    clients.set(id, client);
    return searchCars(client, input.request);
  };
}

/**
 * Runs one car search (spec §7 "Main search"): the main query and the disjunctive facet queries in
 * one multi-query, each answer validated; facet counts and stats of a refined attribute come from
 * its own query. A numeric (range) facet gives its stats only: its value counts are never shown and
 * would be most of the answer. Throws a `ServiceError` when the search fails or answers something unexpected.
 */
export async function searchCars(client: LiteClient, request: CarSearchRequest): Promise<CarSearchResult> {
  const attributes = disjunctiveAttributes(request);
  let answer: unknown;
  try {
    answer = await client.search({ requests: buildQueries(request, CAR_HIT_ATTRIBUTES) });
  } catch (error) {
    throw toServiceError(error);
  }
  const multi = multiQueryAnswerSchema.safeParse(answer);
  if (!multi.success || multi.data.results.length !== attributes.length + 1) {
    throw invalid('the results do not match the queries');
  }
  const [first, ...rest] = multi.data.results;
  const main = mainResultSchema.safeParse(first);
  if (!main.success) throw invalid(main.error.issues[0]?.message ?? 'invalid result');
  const facets = { ...main.data.facets };
  const facetsStats = { ...main.data.facets_stats };
  const makeModels = new Set(Object.keys(main.data.facets.make_model ?? {}));
  for (const [index, attribute] of attributes.entries()) {
    const own = facetResultSchema.safeParse(rest[index]);
    if (!own.success) throw invalid(own.error.issues[0]?.message ?? 'invalid facet result');
    facets[attribute] = own.data.facets[attribute] ?? {};
    const stats = own.data.facets_stats[attribute];
    if (stats) facetsStats[attribute] = stats;
    if (attribute === 'model')
      for (const value of Object.keys(own.data.facets.make_model ?? {})) makeModels.add(value);
  }
  const modelMakes = makesOfModels(Object.keys(facets.model ?? {}), [...makeModels]);
  for (const attribute of Object.keys(facets)) {
    if (isSearchAttribute(attribute) && SEARCH_ATTRIBUTES[attribute] === 'range') delete facets[attribute];
  }
  const suggestions =
    main.data.nbHits === 0 && !isEmptySearch(request.state) ? await suggestSearches(client, request) : null;
  return {
    hits: main.data.hits,
    nbHits: main.data.nbHits,
    page: main.data.page,
    nbPages: main.data.nbPages,
    facets,
    facetsStats,
    ...(Object.keys(modelMakes).length > 0 && { modelMakes }),
    processingTimeMS: main.data.processingTimeMS,
    ...(suggestions && { suggestions }),
  };
}

/** Counting queries (no hits) of states on the request's index and base filter, the first with `facets`. */
async function countSearches(
  client: LiteClient,
  request: CarSearchRequest,
  states: readonly SearchState[],
  facets: readonly string[] = [],
): Promise<Array<{ nbHits: number; facets: Record<string, Record<string, number>> }>> {
  if (states.length === 0) return [];
  const requests = states.map((state, i) => ({
    ...(buildQueries(
      { ...request, state, facets: i === 0 ? facets : [], hitsPerPage: 0 },
      [],
    )[0] as SearchQuery),
    analytics: false,
  }));
  let answer: unknown;
  try {
    answer = await client.search({ requests });
  } catch (error) {
    throw toServiceError(error);
  }
  const multi = multiQueryAnswerSchema.safeParse(answer);
  if (!multi.success || multi.data.results.length !== states.length) {
    throw invalid('the suggestion counts do not match the queries');
  }
  return multi.data.results.map((result) => {
    const parsed = countResultSchema.safeParse(result);
    if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'invalid count');
    return parsed.data;
  });
}

/**
 * An empty search's nearest searches that have cars (issue 37 item 2, decision 129): one multi-query
 * counts the searches one step nearer (`nearerSearches`) and the listing's words; a second counts
 * the query with its misspelt words corrected from those words, when any is.
 */
async function suggestSearches(client: LiteClient, request: CarSearchRequest): Promise<SearchSuggestion[]> {
  const nearer = nearerSearches(request.state);
  const words: SearchState = {};
  const withVocabulary = request.state.query ? [words, ...nearer] : nearer;
  const counted = await countSearches(client, request, withVocabulary, VOCABULARY_FACETS);
  const nearerCounts = (request.state.query ? counted.slice(1) : counted).map((c) => c.nbHits);
  const corrected = request.state.query
    ? correctedSearch(request.state, vocabularyOf(counted[0]?.facets ?? {}))
    : null;
  const correctedCount = corrected
    ? ((await countSearches(client, request, [corrected]))[0]?.nbHits ?? 0)
    : 0;
  return pickSuggestions(
    corrected ? [corrected, ...nearer] : nearer,
    corrected ? [correctedCount, ...nearerCounts] : nearerCounts,
  );
}
