import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMITS } from '../../../server/search/engine/limits.ts';
import { startSearchServer, TEST_KEYS, type TestSearchServer } from './support/search-server.ts';

/** Issue 14 item 1: a search request crafted to be expensive is a fast 400 that names the limit. */
let server: TestSearchServer;
beforeAll(async () => {
  server = await startSearchServer({ cars: 1500 });
});
afterAll(() => server.close());

const credentials = { 'x-algolia-application-id': TEST_KEYS.appId, 'x-algolia-api-key': TEST_KEYS.searchKey };

async function query(body: unknown, path = '/1/indexes/cars/query') {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: credentials,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { message?: string; nbHits?: number } };
}

const nested = (depth: number): unknown => {
  let value: unknown = 'make:Toyota';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('search cost ceilings (docs/security.md)', () => {
  it.each([
    {
      label: '60,000 numeric filters on unknown attributes',
      body: { numericFilters: Array.from({ length: 60_000 }, (_, i) => `attr${i}>1`) },
      message: `Too many filter terms: 60000 (the limit is ${SEARCH_LIMITS.filterTerms})`,
    },
    {
      label: 'filter terms spread over the four filter parameters',
      body: {
        filters: Array.from({ length: 400 }, (_, i) => `price > ${i}`).join(' AND '),
        facetFilters: Array.from({ length: 400 }, () => 'make:Toyota'),
        numericFilters: Array.from({ length: 300 }, () => 'year>2000'),
      },
      message: 'Too many filter terms: 1100 (the limit is 1000)',
    },
    {
      label: 'a 20,000-deep optionalFilters',
      // Written as text: JSON.stringify itself overflows the stack on it.
      body: `{"optionalFilters":${'['.repeat(20_000)}"make:Toyota"${']'.repeat(20_000)}}`,
      message: `The request body is nested too deeply (the limit is ${SEARCH_LIMITS.jsonDepth} levels)`,
    },
    {
      label: 'a deep optionalFilters inside the params string',
      body: { params: `optionalFilters=${encodeURIComponent(JSON.stringify(nested(40)))}` },
      message: 'A search parameter is nested too deeply (the limit is 16 levels)',
    },
    {
      label: 'optionalFilters nested three levels (Algolia allows two)',
      body: { optionalFilters: nested(3) },
      message: /optionalFilters/,
    },
    {
      label: '101 optionalFilters',
      body: { optionalFilters: Array.from({ length: 101 }, () => 'make:Toyota') },
      message: 'Too many optionalFilters: 101 (the limit is 100)',
    },
    {
      label: '500 facets',
      body: { facets: Array.from({ length: 500 }, (_, i) => `f${i}`) },
      message: 'Too many facets: 500 (the limit is 100)',
    },
    {
      label: '1,000 attributes to retrieve',
      body: { attributesToRetrieve: Array.from({ length: 1000 }, (_, i) => `a${i}`) },
      message: 'Too many attributesToRetrieve entries: 1000 (the limit is 100)',
    },
    {
      label: 'a 10 kB highlight tag',
      body: { query: 'toyota', highlightPreTag: 'x'.repeat(10_000) },
      message: 'highlightPreTag is too long: 10000 characters (the limit is 100)',
    },
  ])('$label → 400', async ({ body, message }) => {
    const response = await query(body);
    expect(response.status).toBe(400);
    expect(response.json.message).toEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
  });

  it('every request of a multi-query is held to the same ceilings', async () => {
    const response = await query(
      {
        requests: [
          { indexName: 'cars' },
          { indexName: 'cars', facets: Array.from({ length: 101 }, () => 'make') },
        ],
      },
      '/1/indexes/*/queries',
    );
    expect(response).toMatchObject({
      status: 400,
      json: { message: 'Too many facets: 101 (the limit is 100)' },
    });
  });

  it('a filter on an attribute no record has matches nothing and caches nothing, as on Algolia', async () => {
    const data = server.registry.view('cars').data;
    const before = data.cacheSizes();
    const unknown = await query({
      numericFilters: Array.from({ length: 1000 }, (_, i) => `nothing_${i}>=0`),
    });
    expect(unknown).toMatchObject({ status: 200, json: { nbHits: 0 } });
    const facet = await query({ facetFilters: ['nothing:1'] });
    expect(facet).toMatchObject({ status: 200, json: { nbHits: 0 } });
    expect(data.cacheSizes()).toEqual(before);
    const known = await query({ numericFilters: ['price>=0'] });
    expect(known.json.nbHits).toBeGreaterThan(0);
  });

  it("the storefront's own heaviest search is far inside every limit", async () => {
    const response = await query({
      query: 'toyota',
      facets: ['*'],
      facetFilters: [['make:Toyota', 'make:Mazda'], ['body_type:SUV']],
      numericFilters: ['price>=1000', 'price<=90000', 'year>=2010'],
      optionalFilters: ['make:Toyota'],
      hitsPerPage: 1000,
    });
    expect(response.status).toBe(200);
  });
});
