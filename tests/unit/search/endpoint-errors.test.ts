import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSearchServer, TEST_KEYS, type TestSearchServer } from './support/search-server.ts';

let server: TestSearchServer;
beforeAll(async () => {
  server = await startSearchServer({ cars: 1500 });
});
afterAll(() => server.close());

const credentials = { 'x-algolia-application-id': TEST_KEYS.appId, 'x-algolia-api-key': TEST_KEYS.searchKey };

async function post(
  path: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    body,
    headers: { ...credentials, ...headers },
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as Record<string, unknown>,
  };
}

describe('errors in Algolia form (search-protocol.md § Answer shape; issue 3 item 7)', () => {
  it.each([
    {
      label: 'a malformed filter',
      path: '/1/indexes/cars/query',
      body: '{"filters":"make:(Toyota"}',
      status: 400,
      message: /filters/,
    },
    {
      label: 'hitsPerPage over 1000',
      path: '/1/indexes/cars/query',
      body: '{"hitsPerPage":5000}',
      status: 400,
      message: /hitsPerPage/,
    },
    {
      label: 'a negative page',
      path: '/1/indexes/cars/query',
      body: '{"page":-1}',
      status: 400,
      message: /page/,
    },
    {
      label: 'a body that is not JSON',
      path: '/1/indexes/cars/query',
      body: 'query=corolla',
      status: 400,
      message: /JSON/,
    },
    {
      label: 'an unknown parameter',
      path: '/1/indexes/cars/query',
      body: '{"queryy":"x"}',
      status: 400,
      message: /Unknown parameter: queryy/,
    },
    {
      label: 'a parameter of the wrong type',
      path: '/1/indexes/cars/query',
      body: '{"facets":42}',
      status: 400,
      message: /facets/,
    },
    {
      label: 'an unknown index',
      path: '/1/indexes/boats/query',
      body: '{}',
      status: 404,
      message: /boats does not exist/,
    },
    {
      label: 'a multi-query without requests',
      path: '/1/indexes/*/queries',
      body: '{"requests":[]}',
      status: 400,
      message: /requests/,
    },
  ])('$label → $status', async ({ path, body, status, message }) => {
    const response = await post(path, body);
    expect(response.status).toBe(status);
    expect(response.json).toEqual({ message: expect.stringMatching(message), status });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('a wrong key or application id is a 403 through the real client', async () => {
    await expect(server.client('wrong-key').searchSingleIndex({ indexName: 'cars' })).rejects.toMatchObject({
      status: 403,
    });
    const response = await post('/1/indexes/cars/query', '{}', { 'x-algolia-application-id': 'other-app' });
    expect(response).toMatchObject({ status: 403, json: { status: 403 } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('a search body over 128 kB is a 413 that names the limit', async () => {
    // why: the 413 is sent before the body is read, which closes that socket; a server of its own
    // keeps the shared server's keep-alive pool clean.
    const own = await startSearchServer();
    try {
      const response = await fetch(`${own.baseUrl}/1/indexes/cars/query`, {
        method: 'POST',
        headers: credentials,
        body: JSON.stringify({ query: 'x', filters: ' '.repeat(140_000) }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        message: 'Request body is too large (the limit is 128 kB)',
        status: 413,
      });
    } finally {
      await own.close();
    }
  });

  it('writes need the admin key', async () => {
    await expect(
      server.client().setSettings({ indexName: 'cars', indexSettings: { hitsPerPage: 5 } }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('random request bodies never get a 5xx (fast-check)', async () => {
    const bodies = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .record({
          requests: fc.array(
            fc.record(
              {
                indexName: fc.constantFrom('cars', 'models', 'x', ''),
                params: fc.string(),
                query: fc.anything(),
              },
              { requiredKeys: ['indexName'] },
            ),
            { maxLength: 3 },
          ),
        })
        .map((b) => JSON.stringify(b)),
      fc
        .dictionary(
          fc.constantFrom(
            'query',
            'filters',
            'facets',
            'page',
            'hitsPerPage',
            'facetFilters',
            'numericFilters',
            'params',
            'maxValuesPerFacet',
          ),
          fc.anything(),
        )
        .map((b) => JSON.stringify(b)),
    );
    const paths = fc.constantFrom(
      '/1/indexes/*/queries',
      '/1/indexes/cars/query',
      '/1/indexes/cars/facets/make/query',
      '/1/indexes/cars_latest/query',
    );
    await fc.assert(
      fc.asyncProperty(paths, bodies, async (path, body) => {
        const response = await post(path, body);
        expect([200, 400, 404, 413]).toContain(response.status);
        if (response.status !== 200)
          expect(response.json).toEqual({ message: expect.any(String), status: response.status });
      }),
      { numRuns: 200 },
    );
  });
});
