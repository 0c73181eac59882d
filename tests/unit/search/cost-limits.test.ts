import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMITS } from '../../../server/search/engine/limits.ts';
import { loopIsBusy, SearchBudget } from '../../../server/search/http/budget.ts';
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
      label: '5,000 numeric filters on unknown attributes',
      body: { numericFilters: Array.from({ length: 5000 }, (_, i) => `a${i}>1`) },
      message: `Too many filter terms: 5000 (the limit is ${SEARCH_LIMITS.filterTerms})`,
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

  it('60,000 numeric filters (700 kB) are refused by their declared size, unread', async () => {
    const own = await startSearchServer();
    try {
      const response = await fetch(`${own.baseUrl}/1/indexes/cars/query`, {
        method: 'POST',
        headers: credentials,
        body: JSON.stringify({ numericFilters: Array.from({ length: 60_000 }, (_, i) => `attr${i}>1`) }),
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

describe('search time per client (docs/security.md)', () => {
  it('on a busy server, a client that spends its search time gets 429 with Retry-After; another client searches on', async () => {
    const own = await startSearchServer({
      cars: 1500,
      trustProxy: 1,
      // A server under load (`busy`), where a client past its budget is refused.
      budget: new SearchBudget({ burstMs: 1, msPerSecond: 0.001 }, { busy: () => true }),
    });
    try {
      const from = (address: string) =>
        fetch(`${own.baseUrl}/1/indexes/cars/query`, {
          method: 'POST',
          headers: { ...credentials, 'x-forwarded-for': address },
          body: JSON.stringify({ query: 'toyota', facets: ['*'], hitsPerPage: 1000 }),
        });
      const statuses: number[] = [];
      let refused: Response | undefined;
      for (let i = 0; i < 5; i++) {
        const response = await from('203.0.113.7');
        statuses.push(response.status);
        if (response.status === 429) refused = response;
      }
      expect(statuses[0]).toBe(200);
      expect(statuses.slice(-2)).toEqual([429, 429]);
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await refused?.json()).toEqual({
        message: 'Too many search requests: please wait a moment and try again',
        status: 429,
      });
      expect((await from('203.0.113.8')).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('on an idle server, the same client searches on', async () => {
    const own = await startSearchServer({
      cars: 200,
      budget: new SearchBudget({ burstMs: 1, msPerSecond: 0.001 }, { busy: () => false }),
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${own.baseUrl}/1/indexes/cars/query`, {
          method: 'POST',
          headers: credentials,
          body: JSON.stringify({ query: 'toyota', hitsPerPage: 100 }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await own.close();
    }
  });
});

describe('a multi-query is held to the ceilings as a whole', () => {
  it.each([
    {
      label: '20 queries of 1,000 hits',
      requests: Array.from({ length: 20 }, () => ({ indexName: 'cars', hitsPerPage: 1000 })),
      message: 'Too many hits asked for: 20000 (the limit is 1000)',
    },
    {
      label: '3 queries of 500 filter terms',
      requests: Array.from({ length: 3 }, () => ({
        indexName: 'cars',
        numericFilters: Array.from({ length: 500 }, () => 'price>=0'),
      })),
      message: 'Too many filter terms: 1500 (the limit is 1000)',
    },
  ])('$label → 400', async ({ requests, message }) => {
    const response = await query({ requests }, '/1/indexes/*/queries');
    expect(response).toMatchObject({ status: 400, json: { message } });
  });

  it("the search page's own multi-query (a page of hits and its disjunctive facet queries) passes", async () => {
    const facetQuery = (facet: string) => ({ indexName: 'cars', facets: [facet], hitsPerPage: 0 });
    const response = await query(
      {
        requests: [
          {
            indexName: 'cars',
            facets: ['*'],
            hitsPerPage: 21,
            facetFilters: [['make:Toyota'], ['body_type:SUV']],
          },
          facetQuery('make'),
          facetQuery('body_type'),
        ],
      },
      '/1/indexes/*/queries',
    );
    expect(response.status).toBe(200);
  });
});

describe('loopIsBusy', () => {
  it('tells a loop that was kept busy from one that waited', async () => {
    const busy = loopIsBusy(0.5, 100);
    const until = performance.now() + 300;
    while (performance.now() < until) {
      // the loop is held, as by a flood of expensive requests
    }
    expect(busy()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(busy()).toBe(false);
  });
});
