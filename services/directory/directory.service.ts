import { type LiteClient, liteClient } from 'algoliasearch/lite';
import { type DirectoryQuery, directoryAnswerSchema } from '../../domain/contracts/directory-answers.ts';
import type { SearchEndpoint } from '../../domain/search-result.ts';
import { slugify } from '../../domain/slug.ts';
import { ServiceError } from '../errors.ts';
import type { FetchLike } from '../http.ts';
import { fetchRequester, memoryHostsCache, type RenewKey, toServiceError } from '../search/search.service.ts';

/** Spec doc 1 §7, §9: what a directory search matches, and how many hits it asks for. */
export const DIRECTORY_SEARCH = {
  fields: ['manufacturer.name', 'model.name', 'model.body'],
  hitsPerPage: 21,
  /** §9 "Directory search cache: 10 entries" (kept by the caller's query cache). */
  cacheSize: 10,
} as const;

/** A model of the directory, with its make (the shape `directorySearch` suggestions are built from). */
export interface DirectoryModel {
  objectID: string;
  make: string;
  makeSlug: string;
  model: string;
  modelSlug: string;
  body: string[];
}

type Cache = NonNullable<NonNullable<Parameters<typeof liteClient>[2]>['responsesCache']>;

/** No caching inside the client: the app's query cache is the one cache (ARCHITECTURE §4). */
const noCache: Cache = {
  get: async (_key, defaultValue, events) => {
    const value = await defaultValue();
    await events?.miss(value);
    return value;
  },
  set: async (_key, value) => value,
  delete: async () => {},
  clear: async () => {},
};

/** The lite client for the directory over `fetch`: the site's own endpoint, or Algolia's hosts. */
export function createDirectoryClient(
  endpoint: SearchEndpoint,
  fetch: FetchLike,
  renewKey?: RenewKey,
): LiteClient {
  return liteClient(endpoint.appId, endpoint.apiKey, {
    requester: fetchRequester(fetch, renewKey),
    responsesCache: noCache,
    requestsCache: noCache,
    hostsCache: memoryHostsCache(),
    timeouts: { connect: 2_000, read: 5_000, write: 30_000 },
    ...(endpoint.host
      ? { hosts: [{ url: endpoint.host, protocol: endpoint.protocol, accept: 'read' }] }
      : {}),
  });
}

/**
 * The directory search box's searches of the site's `models` index over `fetch` (`searchDirectory`);
 * the lite client is made on the first search, so rendering (on the server too) never builds one.
 */
export function directorySearcher(
  connection: { endpoint: SearchEndpoint; index: string },
  fetch: FetchLike,
  renewKey?: RenewKey,
): (input: DirectoryQuery) => Promise<DirectoryModel[]> {
  let client: LiteClient | undefined;
  return (input) => {
    client ??= createDirectoryClient(connection.endpoint, fetch, renewKey);
    return searchDirectory(client, connection.index, input.query);
  };
}

/**
 * Searches the `models` index (spec doc 1 §7 "Directory search"): `query` in the make name, model
 * name and body, 21 hits. Throws a `ServiceError` when the search fails or answers something
 * unexpected.
 */
export async function searchDirectory(
  client: LiteClient,
  indexName: string,
  query: string,
): Promise<DirectoryModel[]> {
  let answer: unknown;
  try {
    answer = await client.search({
      requests: [
        {
          indexName,
          query,
          hitsPerPage: DIRECTORY_SEARCH.hitsPerPage,
          restrictSearchableAttributes: [...DIRECTORY_SEARCH.fields],
        },
      ],
    });
  } catch (error) {
    throw toServiceError(error);
  }
  const parsed = directoryAnswerSchema.safeParse(answer);
  if (!parsed.success) {
    const detail = parsed.error.issues[0]?.message ?? 'invalid result';
    throw new ServiceError('validation', `Unexpected answer from the directory search: ${detail}`);
  }
  return parsed.data.results[0].hits.map((hit) => ({
    objectID: hit.objectID,
    make: hit.manufacturer.name,
    makeSlug: hit.manufacturer.slug ?? slugify(hit.manufacturer.name),
    model: hit.model.name,
    modelSlug: hit.model.slug,
    body: hit.model.body,
  }));
}
