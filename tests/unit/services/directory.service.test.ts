import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEndpoint } from '../../../domain/search-result.ts';
import type { ModelSearchRecord } from '../../../server/search/indices.ts';
import {
  createDirectoryClient,
  DIRECTORY_SEARCH,
  searchDirectory,
} from '../../../services/directory/directory.service.ts';
import { isServiceError, type ServiceError } from '../../../services/errors.ts';
import { startSearchServer, TEST_KEYS, type TestSearchServer } from '../search/support/search-server.ts';

/** The directory service with the real lite client against the embedded endpoint on loopback. */
const record = (make: string, model: string, body: string[], slug: string | undefined = undefined) =>
  ({
    objectID: `${make}-${model}`.toLowerCase().replace(/\s+/g, '-'),
    manufacturer: slug === undefined ? { name: make } : { name: make, slug },
    model: { name: model, slug: model.toLowerCase().replace(/\s+/g, '-'), body },
    status: '',
    dealership_id: [1],
  }) satisfies ModelSearchRecord;

let server: TestSearchServer;
let endpoint: SearchEndpoint;
const requests: Request[] = [];
const recordingFetch = (request: Request) => {
  requests.push(request.clone());
  return fetch(request);
};

beforeAll(async () => {
  server = await startSearchServer();
  server.registry.replaceAll('models', [
    record('Toyota', 'Corolla', ['Hatch', 'Sedan'], 'toyota'),
    record('Toyota', 'HiLux', ['Ute'], 'toyota'),
    record('Land Rover', 'Defender', ['SUV']),
    ...Array.from({ length: 30 }, (_, n) => record('Ford', `Model ${n + 1}`, ['Van'], 'ford')),
  ]);
  endpoint = { appId: TEST_KEYS.appId, apiKey: TEST_KEYS.searchKey, host: server.host, protocol: 'http' };
});

afterAll(async () => {
  await server?.close();
});

async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isServiceError(error)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

describe('directory service (spec doc 1 §7 "Directory search")', () => {
  it('finds models by make, model name or body, with make and model slugs', async () => {
    const client = createDirectoryClient(endpoint, recordingFetch);
    expect(await searchDirectory(client, 'models', 'hilux')).toEqual([
      {
        objectID: 'toyota-hilux',
        make: 'Toyota',
        makeSlug: 'toyota',
        model: 'HiLux',
        modelSlug: 'hilux',
        body: ['Ute'],
      },
    ]);
    const byBody = await searchDirectory(client, 'models', 'sedan');
    expect(byBody.map((hit) => hit.model)).toEqual(['Corolla']);
  });

  it('slugifies a make that has no slug', async () => {
    const client = createDirectoryClient(endpoint, recordingFetch);
    const [hit] = await searchDirectory(client, 'models', 'defender');
    expect(hit).toMatchObject({ make: 'Land Rover', makeSlug: 'land-rover' });
  });

  it('§7, §9: asks for 21 hits in manufacturer.name, model.name and model.body', async () => {
    requests.length = 0;
    const client = createDirectoryClient(endpoint, recordingFetch);
    const hits = await searchDirectory(client, 'models', 'ford');
    expect(hits).toHaveLength(21);
    const body = JSON.parse(await (requests[0] as Request).text());
    expect(body.requests[0]).toMatchObject({
      indexName: 'models',
      query: 'ford',
      hitsPerPage: 21,
      restrictSearchableAttributes: ['manufacturer.name', 'model.name', 'model.body'],
    });
    expect(DIRECTORY_SEARCH.cacheSize).toBe(10);
  });

  it('does not cache inside the client: the same search asks the endpoint again', async () => {
    requests.length = 0;
    const client = createDirectoryClient(endpoint, recordingFetch);
    await searchDirectory(client, 'models', 'corolla');
    await searchDirectory(client, 'models', 'corolla');
    expect(requests).toHaveLength(2);
  });

  it('a rejected key is an http error, an unreachable host a network error', async () => {
    const rejected = createDirectoryClient({ ...endpoint, apiKey: 'wrong-key' }, recordingFetch);
    expect(await failureOf(searchDirectory(rejected, 'models', 'x'))).toMatchObject({ kind: 'http' });
    const offline = createDirectoryClient(endpoint, async () => {
      throw new TypeError('fetch failed');
    });
    expect(await failureOf(searchDirectory(offline, 'models', 'x'))).toMatchObject({ kind: 'network' });
  });

  it('an answer that is not a list of models is a validation error', async () => {
    const odd = createDirectoryClient(endpoint, async () =>
      Response.json({ results: [{ hits: [{ objectID: 'x', name: 'not a model' }] }] }),
    );
    expect(await failureOf(searchDirectory(odd, 'models', 'x'))).toMatchObject({ kind: 'validation' });
  });
});
