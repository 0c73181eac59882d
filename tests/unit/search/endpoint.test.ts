import { gzipSync } from 'node:zlib';
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

describe('search endpoint over HTTP with the real algoliasearch client (search-protocol.md § Requests to answer)', () => {
  it('answers a multi-query in request order, facet entries with facetHits', async () => {
    const { results } = await server.client().search({
      requests: [
        { indexName: 'cars', query: 'ranger', hitsPerPage: 3, facets: ['make'] },
        {
          indexName: 'cars_price_asc',
          query: '',
          hitsPerPage: 0,
          facets: ['make'],
          facetFilters: [['make:Toyota', 'make:Mazda']],
        },
        { indexName: 'cars', type: 'facet', facet: 'make', facetQuery: 'toy' },
      ],
    });
    const [main, disjunctive, facet] = results as Array<Record<string, unknown>>;
    expect(main).toMatchObject({
      index: 'cars',
      query: 'ranger',
      hitsPerPage: 3,
      page: 0,
      facets: { make: { Ford: expect.any(Number) } },
    });
    expect(disjunctive).toMatchObject({ index: 'cars_price_asc', hits: [], nbPages: 0 });
    const disjunctiveFacets = disjunctive?.facets as Record<string, object> | undefined;
    expect(Object.keys(disjunctiveFacets?.make ?? {}).sort()).toEqual(['Mazda', 'Toyota']);
    expect(facet).toMatchObject({ facetHits: [{ value: 'Toyota', highlighted: '<em>Toy</em>ota' }] });
  });

  it('serves single-index search and facet value search', async () => {
    const client = server.client();
    const single = await client.searchSingleIndex({
      indexName: 'cars_price_desc',
      searchParams: { filters: 'year >= 2020', hitsPerPage: 5 },
    });
    const prices = single.hits.map((h) => (h as Record<string, unknown>).price as number);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const facets = await client.searchForFacetValues({
      indexName: 'cars',
      facetName: 'model',
      searchForFacetValuesRequest: { facetQuery: 'cx', maxFacetHits: 2 },
    });
    expect(facets.facetHits).toHaveLength(2);
    expect(facets.facetHits.every((h) => h.value.startsWith('CX'))).toBe(true);
  });

  it('accepts a v4 `params` string with JSON values, a form content type and a bare `facets` string', async () => {
    const params =
      'query=corolla&hitsPerPage=2&facets=make&facetFilters=%5B%5B%22make%3AToyota%22%5D%5D&highlightPreTag=%3Cmark%3E&highlightPostTag=%3C%2Fmark%3E';
    const { status, json } = await post(
      '/1/indexes/*/queries',
      JSON.stringify({ requests: [{ indexName: 'cars', params }] }),
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expect(status).toBe(200);
    const [result] = json.results as Array<{
      hits: Array<{ _highlightResult: { model: { value: string } } }>;
      facets: object;
    }>;
    expect(result?.facets).toEqual({ make: { Toyota: expect.any(Number) } });
    expect(result?.hits[0]?._highlightResult.model.value).toBe('<mark>Corolla</mark>');
  });

  it('merges v5 fields beside `params` (the fields win) and accepts gzip bodies', async () => {
    const body = new Uint8Array(
      gzipSync(JSON.stringify({ params: 'query=ranger&hitsPerPage=1', hitsPerPage: 4 })),
    );
    const { status, json } = await post('/1/indexes/cars/query', body, {
      'content-encoding': 'gzip',
      'content-type': 'text/plain',
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ query: 'ranger', hitsPerPage: 4 });
  });

  it('takes credentials from the query string as the browser build sends them, with CORS headers', async () => {
    const query = `x-algolia-application-id=${TEST_KEYS.appId}&x-algolia-api-key=${TEST_KEYS.searchKey}&x-algolia-agent=test`;
    const response = await fetch(`${server.baseUrl}/1/indexes/cars/query?${query}`, {
      method: 'POST',
      body: '{"hitsPerPage":1}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a CORS preflight on every route with the x-algolia headers allowed', async () => {
    for (const path of [
      '/1/indexes/*/queries',
      '/1/indexes/cars/query',
      '/1/indexes/cars/facets/make/query',
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://dealer.localhost:3000',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-algolia-api-key,x-algolia-application-id,content-type',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-headers')).toContain('x-algolia-api-key');
    }
  });
});
