import { afterEach, describe, expect, it } from 'vitest';
import { SearchIndexRegistry } from '../../../server/search/engine/registry.ts';
import { CarSearchRecord, defineSearchIndices, SEARCH_INDICES } from '../../../server/search/indices.ts';
import { pushClientFromEnv, pushSearchIndices } from '../../../server/search/push.ts';
import { toCarRecord } from '../../../server/search/records.ts';
import { generateCarRecords } from '../../fixtures/search-records.ts';
import { sampleCar } from '../store/sample-car.ts';
import { startSearchServer, TEST_KEYS, type TestSearchServer } from './support/search-server.ts';

describe('storefront indices (issue 3 item 5)', () => {
  it('the fixture generator makes valid CarSearchRecords, deterministically', () => {
    const records = generateCarRecords(300, 7);
    for (const record of records) CarSearchRecord.parse(record);
    expect(generateCarRecords(300, 7)).toEqual(records);
    expect(new Set(records.map((r) => r.fuel))).toEqual(new Set(['Petrol', 'Diesel', 'Hybrid', 'Electric']));
  });

  it('cars answers facets for every Search-state attribute (spec §3) and sorts its replicas', () => {
    const r = new SearchIndexRegistry();
    defineSearchIndices(r);
    r.replaceAll('cars', generateCarRecords(500));
    const result = r.search('cars', { facets: ['*'], hitsPerPage: 0 });
    const searchState = [
      'badge',
      'status',
      'car_type',
      'categories',
      'city',
      'colour',
      'dealership_name',
      'filtered_features',
      'item_type',
      'km',
      'location_name',
      'make',
      'make_model',
      'model',
      'price',
      'subscription_price',
      'price_range',
      'seats',
      'body',
      'drive',
      'fuel',
      'transmission',
      'state',
      'tag',
      'weekly_price_range',
      'year',
    ];
    expect(Object.keys(result.facets ?? {}).sort()).toEqual([...searchState].sort());
    expect(result.facets).not.toHaveProperty('dealership_id');
    const prices = r.search('cars_price_desc', { hitsPerPage: 50 }).hits.map((h) => h.price as number);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const created = r.search('cars_latest', { hitsPerPage: 50 }).hits.map((h) => h.created_at as number);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(
      r
        .search('cars', { filters: 'sold_at > 0 AND dealership_id:3', hitsPerPage: 1000 })
        .hits.every((h) => h.status === 'sold' && h.dealership_id === 3),
    ).toBe(true);
  });
});

describe('the price sorts and cars without a shown price (issue 31 item 15; decisions 100, 105)', () => {
  let server: TestSearchServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  // PREORDER, the no-price text ('Enquire for price.', Metro's 'Call for price.'): price 10 or less;
  // among themselves they keep the custom ranking, newest first.
  const cars = [
    sampleCar(1, { price: 0, preorder: true, created_at: '2025-05-03T00:00:00.000Z' }),
    sampleCar(2, { price: 24_990 }),
    sampleCar(3, { price: 0, created_at: '2025-05-02T00:00:00.000Z' }),
    sampleCar(4, { price: 41_990, offer_price: 39_990 }),
    sampleCar(5, { price: 10 }),
    sampleCar(6, { price: 31_990 }),
  ].map((car) => toCarRecord(car, { names: new Map() }));
  const order = async (
    search: (index: string, query: string) => Promise<readonly { objectID: string }[]>,
  ) => {
    const out: Record<string, string[]> = {};
    for (const index of ['cars_price_asc', 'cars_price_desc'])
      for (const query of ['', 'mazda'])
        out[`${index} ${query}`] = (await search(index, query)).map((h) => h.objectID);
    return out;
  };
  const expected = {
    'cars_price_asc ': ['2', '6', '4', '1', '3', '5'],
    'cars_price_asc mazda': ['2', '6', '4', '1', '3', '5'],
    'cars_price_desc ': ['4', '6', '2', '1', '3', '5'],
    'cars_price_desc mazda': ['4', '6', '2', '1', '3', '5'],
  };

  it('the record says so, and the embedded engine lists them after every priced car in both directions', async () => {
    expect(cars.map((car) => [car.asking_price, car.priced])).toEqual([
      [null, false],
      [24_990, true],
      [null, false],
      [39_990, true],
      [null, false],
      [31_990, true],
    ]);
    const r = new SearchIndexRegistry();
    defineSearchIndices(r);
    r.replaceAll('cars', cars);
    expect(await order(async (index, query) => r.search(index, { query }).hits)).toEqual(expected);
  });

  it('search:push sends the ranking and records that keep them last on a hosted app', async () => {
    for (const name of ['cars_price_asc', 'cars_price_desc'])
      expect(SEARCH_INDICES.find((index) => index.name === name)?.settings.ranking?.[0]).toBe('desc(priced)');
    server = await startSearchServer();
    for (const name of server.registry.names())
      if (server.registry.has(name)) server.registry.deleteIndex(name);
    const admin = pushClientFromEnv({
      ALGOLIA_APP_ID: TEST_KEYS.appId,
      ALGOLIA_ADMIN_KEY: TEST_KEYS.adminKey,
      ALGOLIA_HOST: `http://${server.host}`,
    });
    await pushSearchIndices(
      admin,
      SEARCH_INDICES.map((index) =>
        index.name === 'cars' ? { ...index, loadRecords: async () => cars } : index,
      ),
    );
    const client = server.client();
    expect(
      await order(
        async (indexName, query) =>
          (await client.searchSingleIndex({ indexName, searchParams: { query } })).hits,
      ),
    ).toEqual(expected);
  });
});
