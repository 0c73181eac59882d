import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockFilter } from '../../../domain/search-listing.ts';
import type { CarSearchRequest, SearchEndpoint } from '../../../domain/search-result.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { type RunningServer, startServer } from '../../../server/server.ts';
import { isServiceError, type ServiceError } from '../../../services/errors.ts';
import { createSearchClient, searchCars } from '../../../services/search/search.service.ts';
import { render } from '../../../views/app/entry-server.tsx';

/** The search service against the real server on loopback: seeded store, embedded endpoint, tenant keys. */
const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-search-service-'));
const NOW = Math.floor(Date.now() / 1000);
let server: RunningServer;
let endpoint: SearchEndpoint;

beforeAll(async () => {
  server = await startServer({
    env: readEnv({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }),
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger: createLogger({ quiet: true }),
  });
  // fetch() cannot set Host, so 127.0.0.1 serves the default dealer, bayside-mazda.
  const site = await (await fetch(`http://127.0.0.1:${server.port}/api/site`)).json();
  endpoint = { ...site.search_connection, host: `127.0.0.1:${server.port}/search-api` };
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const client = () => createSearchClient(endpoint, (request) => fetch(request));

const request = (overrides: Partial<CarSearchRequest> = {}): CarSearchRequest => ({
  indexName: 'cars',
  state: {},
  facets: ['make', 'model', 'body', 'car_type', 'price', 'year'],
  filters: stockFilter({ nowSeconds: NOW }),
  hitsPerPage: 21,
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!isServiceError(error)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

describe('search service (spec §3 Search result, §7 Main search)', () => {
  it('answers a page of validated hits with the count, pages, facet counts and numeric stats', async () => {
    const result = await searchCars(client(), request());
    expect(result.hits).toHaveLength(21);
    expect(result.nbHits).toBeGreaterThan(21);
    expect(result.page).toBe(0);
    expect(result.nbPages).toBe(Math.ceil(Math.min(result.nbHits, 1000) / 21));
    expect(Object.keys(result.facets).sort()).toEqual(['body', 'car_type', 'make', 'model']);
    expect(Object.keys(result.facetsStats).sort()).toEqual(['price', 'year']);
    const counted = Object.values(result.facets.car_type ?? {}).reduce((sum, n) => sum + n, 0);
    expect(counted).toBe(result.nbHits);
    expect(result.facetsStats.price?.min).toBeLessThanOrEqual(result.facetsStats.price?.max ?? 0);
    expect(result.processingTimeMS).toBeGreaterThanOrEqual(0);
  });

  it('§4 stock filter: every hit is for sale, or sold within the window', async () => {
    const result = await searchCars(client(), request({ hitsPerPage: 100 }));
    for (const hit of result.hits) expect(['in_stock', 'coming_soon', 'sold']).toContain(hit.status);
    // The site's key carries the listed-stock rule itself (issue 14 item 6): without the page's
    // filter the key still shows exactly the listed cars.
    const unfiltered = await searchCars(client(), request({ filters: '', hitsPerPage: 0 }));
    expect(unfiltered.nbHits).toBe(result.nbHits);
  });

  it('a refined list keeps its other values and counts (disjunctive faceting), hits match the OR', async () => {
    const all = await searchCars(client(), request());
    const [first, second] = Object.keys(all.facets.body ?? {});
    if (!first || !second) throw new Error('the demo stock has at least two bodies');
    const refined = await searchCars(client(), request({ state: { body: [first, second] } }));
    expect(refined.facets.body).toEqual(all.facets.body);
    expect(refined.nbHits).toBe((all.facets.body?.[first] ?? 0) + (all.facets.body?.[second] ?? 0));
    expect(refined.hits.every((hit) => hit.body === first || hit.body === second)).toBe(true);
    expect(refined.facets.make).not.toEqual(all.facets.make);
  });

  it('a refined range filters the hits but keeps the unrefined bounds for the slider', async () => {
    const all = await searchCars(client(), request());
    const refined = await searchCars(client(), request({ state: { price: { min: 20_000, max: 40_000 } } }));
    expect(refined.hits.length).toBeGreaterThan(0);
    for (const hit of refined.hits) expect(hit.price).toBeGreaterThanOrEqual(20_000);
    for (const hit of refined.hits) expect(hit.price).toBeLessThanOrEqual(40_000);
    expect(refined.facetsStats.price).toEqual(all.facetsStats.price);
  });

  it('a menu refinement and a query narrow the results; a 2nd page is page 1 of the service', async () => {
    const used = await searchCars(client(), request({ state: { car_type: 'used' } }));
    expect(used.hits.every((hit) => hit.car_type === 'used')).toBe(true);
    const first = await searchCars(client(), request());
    const second = await searchCars(client(), request({ state: { page: 2 } }));
    expect(second.page).toBe(1);
    expect(second.hits[0]?.objectID).not.toBe(first.hits[0]?.objectID);
    const query = await searchCars(client(), request({ state: { query: 'CX-5' } }));
    expect(query.hits.length).toBeGreaterThan(0);
    expect(query.hits.every((hit) => hit.model === 'CX-5')).toBe(true);
  });

  it('each counted model comes with its make, the ticked and the unticked alike (issue 31 item 19)', async () => {
    const used = request({
      facets: ['make', 'make_model', 'model', 'car_type'],
      filters: stockFilter({ nowSeconds: NOW, routeCarTypes: ['used'] }),
    });
    const all = await searchCars(client(), used);
    const models = Object.keys(all.facets.model ?? {});
    expect(Object.keys(all.modelMakes ?? {}).sort()).toEqual([...models].sort());
    expect(new Set(Object.values(all.modelMakes ?? {})).size).toBeGreaterThan(1);
    const [other] = models.filter((model) => all.modelMakes?.[model] !== 'Mazda');
    if (!other) throw new Error('Bayside’s used stock has another make');
    const ticked = await searchCars(client(), { ...used, state: { model: [other] } });
    expect(Object.keys(ticked.facets.make_model ?? {})).toEqual([`${all.modelMakes?.[other]} ${other}`]);
    expect(ticked.modelMakes).toEqual(all.modelMakes);
  });

  it('a sort is a replica: the lowest price first', async () => {
    const result = await searchCars(client(), request({ indexName: 'cars_price_asc' }));
    const prices = result.hits.map((hit) => hit.price ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('a site’s key never sees another dealer’s car, whatever the request asks', async () => {
    const own = await searchCars(client(), request({ facets: ['dealership_slug', 'make'] }));
    expect(own.hits.every((hit) => hit.dealership_slug === 'bayside-mazda')).toBe(true);
    const other = await searchCars(
      client(),
      request({ state: { dealership_slug: ['harbour-toyota', 'metro-used-cars'] }, filters: '' }),
    );
    expect(other.nbHits).toBe(0);
    const widened = await searchCars(client(), request({ filters: 'dealership_slug:harbour-toyota' }));
    expect(widened.nbHits).toBe(0);
  });

  it('a failing search is a ServiceError: the test-mode fault (503), bad parameters (400), no server', async () => {
    const fault = await failure(searchCars(client(), request({ state: { query: '__fault__' } })));
    expect(fault.kind).toBe('http');
    expect(fault.details.status).toBe(503);
    expect(fault.message).toMatch(/unavailable/i);
    const bad = await failure(searchCars(client(), request({ filters: 'price >' })));
    expect(bad.kind).toBe('http');
    expect(bad.details.status).toBe(400);
    const unknownIndex = await failure(searchCars(client(), request({ indexName: 'no_such_index' })));
    expect(['http', 'notFound']).toContain(unknownIndex.kind);
    const offline = createSearchClient({ ...endpoint, host: '127.0.0.1:9/search-api' }, (r) => fetch(r));
    expect((await failure(searchCars(offline, request()))).kind).toBe('network');
  });

  it('an answer that is not the cars record shape is a validation error', async () => {
    const lying = createSearchClient(endpoint, async () =>
      Response.json({ results: [{ hits: [{ objectID: '1', name: 3 }], nbHits: 1, page: 0, nbPages: 1 }] }),
    );
    const error = await failure(searchCars(lying, request({ facets: [] })));
    expect(error.kind).toBe('validation');
  });
});

describe('an expired search key (issue 14 item 6)', () => {
  /** The site's key, signed again as having expired a minute ago (same parent, same restrictions). */
  function expiredKey(): string {
    const params = new URLSearchParams(Buffer.from(endpoint.apiKey, 'base64').toString('utf8').slice(64));
    params.set('validUntil', String(NOW - 60));
    const query = params.toString();
    const mac = createHmac('sha256', loadSecrets(dataDir).searchKey).update(query).digest('hex');
    return Buffer.from(mac + query).toString('base64');
  }

  it('without a way to renew it, a search fails with the endpoint’s message', async () => {
    const stale = createSearchClient({ ...endpoint, apiKey: expiredKey() }, (r) => fetch(r));
    const error = await failure(searchCars(stale, request()));
    expect(error.message).toMatch(/expired/);
  });

  it('the client fetches a fresh key once, searches on, and keeps the fresh key', async () => {
    let renewals = 0;
    const renewing = createSearchClient(
      { ...endpoint, apiKey: expiredKey() },
      (r) => fetch(r),
      async () => {
        renewals += 1;
        const site = await (await fetch(`http://127.0.0.1:${server.port}/api/site`)).json();
        return site.search_connection.apiKey as string;
      },
    );
    const first = await searchCars(renewing, request());
    expect(first.nbHits).toBeGreaterThan(0);
    await searchCars(renewing, request({ state: { make: ['Mazda'] } }));
    expect(renewals).toBe(1);
  });
});
