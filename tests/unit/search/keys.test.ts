import { algoliasearch } from 'algoliasearch';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyVerifier, makeBrowserKey } from '../../../server/search/keys.ts';
import { DEALERSHIPS } from '../../fixtures/search-records.ts';
import { startSearchServer, TEST_KEYS, type TestSearchServer } from './support/search-server.ts';

const NOW = 1_800_000_000;
const ALLOWED = [1, 3];
const ALLOWED_NAMES = new Set<string>(DEALERSHIPS.filter((d) => ALLOWED.includes(d.id)).map((d) => d.name));

let server: TestSearchServer;
beforeAll(async () => {
  server = await startSearchServer({ cars: 1500, now: () => NOW });
});
afterAll(() => server.close());

const verifier = createKeyVerifier({ ...TEST_KEYS, now: () => NOW });

describe('secured tenant keys (search-protocol.md § Keys and tenants; issue 3 item 6)', () => {
  it('makeBrowserKey is base64(hmacSha256Hex(parent, params) + params) with the dealership filter', () => {
    const key = makeBrowserKey(TEST_KEYS.searchKey, { dealershipIds: [12, 14], validUntil: NOW + 60 });
    const decoded = Buffer.from(key, 'base64').toString('utf8');
    expect(decoded.slice(64)).toBe(
      'filters=dealership_id%3A12%20OR%20dealership_id%3A14&validUntil=1800000060',
    );
    const client = algoliasearch('x', 'y') as unknown as {
      getSecuredApiKeyRemainingValidity(o: { securedApiKey: string }): number;
    };
    expect(client.getSecuredApiKeyRemainingValidity({ securedApiKey: key })).toBeGreaterThan(0);
    expect(verifier.verify(TEST_KEYS.appId, key).filters).toHaveLength(1);
    expect(() => makeBrowserKey(TEST_KEYS.searchKey, { dealershipIds: [] })).toThrow(
      /at least one dealership/,
    );
  });

  it('accepts the parent and admin keys with no restriction', () => {
    expect(verifier.verify(TEST_KEYS.appId, TEST_KEYS.searchKey)).toMatchObject({
      acl: 'search',
      filters: [],
    });
    expect(verifier.verify(TEST_KEYS.appId, TEST_KEYS.adminKey)).toMatchObject({ acl: 'admin' });
  });

  it('an expired key, a tampered key, a foreign parent or a wrong app id is a 403', async () => {
    const expired = makeBrowserKey(TEST_KEYS.searchKey, { dealershipIds: ALLOWED, validUntil: NOW - 1 });
    const decoded = Buffer.from(
      makeBrowserKey(TEST_KEYS.searchKey, { dealershipIds: ALLOWED }),
      'base64',
    ).toString('utf8');
    const tampered = Buffer.from(decoded.replace('dealership_id%3A3', 'dealership_id%3A5')).toString(
      'base64',
    );
    const foreign = makeBrowserKey('another-parent-key-0123456789abcdef', { dealershipIds: ALLOWED });
    for (const key of [expired, tampered, foreign, 'not-a-key']) {
      await expect(server.client(key).searchSingleIndex({ indexName: 'cars' })).rejects.toMatchObject({
        status: 403,
      });
    }
    expect(() => verifier.verify('other-app', TEST_KEYS.searchKey)).toThrow(/Invalid Application-ID/);
  });

  it('restrictIndices limits the indices a key may query', async () => {
    const client = algoliasearch('forecourt', TEST_KEYS.searchKey) as unknown as {
      generateSecuredApiKey(o: { parentApiKey: string; restrictions: Record<string, unknown> }): string;
    };
    const key = client.generateSecuredApiKey({
      parentApiKey: TEST_KEYS.searchKey,
      restrictions: { restrictIndices: ['cars*'] },
    });
    await expect(server.client(key).searchSingleIndex({ indexName: 'cars_latest' })).resolves.toMatchObject({
      index: 'cars_latest',
    });
    await expect(server.client(key).searchSingleIndex({ indexName: 'models' })).rejects.toMatchObject({
      status: 403,
    });
  });
});

const otherDealer = fc.constantFrom(...DEALERSHIPS.map((d) => d.id));
const widening = fc.oneof(
  otherDealer.map((id) => `dealership_id:${id}`),
  otherDealer.map((id) => `NOT dealership_id:${id}`),
  fc.tuple(otherDealer, otherDealer).map(([a, b]) => `dealership_id:${a} OR dealership_id:${b}`),
  otherDealer.map((id) => `dealership_id >= ${id}`),
  fc.constant('dealership_id:1 TO 10'),
  fc.constant(''),
);
const queryArbitrary = fc.record(
  {
    indexName: fc.constantFrom('cars', 'cars_latest', 'cars_price_asc', 'cars_price_desc'),
    query: fc.constantFrom('', 'toyota', 'ranger', 'mazda cx', 'sold'),
    filters: widening,
    facetFilters: fc.array(
      fc.oneof(
        otherDealer.map((id) => `dealership_id:${id}`),
        otherDealer.map((id) => `dealership_id:-${id}`),
      ),
      { maxLength: 2 },
    ),
    numericFilters: fc.array(
      otherDealer.map((id) => `dealership_id=${id}`),
      { maxLength: 1 },
    ),
    optionalFilters: fc.array(
      otherDealer.map((id) => `dealership_id:${id}`),
      { maxLength: 1 },
    ),
    params: widening.map((f) => `filters=${encodeURIComponent(f)}&hitsPerPage=1000`),
    facetQuery: fc.constantFrom('', 'h', 'bay', 'swan'),
    type: fc.constantFrom('default', 'facet'),
  },
  { requiredKeys: ['indexName', 'type'] },
);

describe('tenant isolation under hostile parameters (fast-check over HTTP; issue 3 item 6)', () => {
  it('a tenant key never returns, counts or suggests another dealership whatever the request says', async () => {
    const client = server.client(makeBrowserKey(TEST_KEYS.searchKey, { dealershipIds: ALLOWED }));
    await fc.assert(
      fc.asyncProperty(fc.array(queryArbitrary, { minLength: 1, maxLength: 3 }), async (requests) => {
        // 333 hits each: three queries stay within a request's 1,000 hits (docs/security.md).
        const body = requests.map(({ type, facetQuery, ...rest }) =>
          type === 'facet'
            ? { ...rest, type: 'facet' as const, facet: 'dealership_name', facetQuery: facetQuery ?? '' }
            : { ...rest, facets: ['dealership_name', 'make'], hitsPerPage: 333 },
        );
        const { results } = await client.search({ requests: body as never });
        for (const result of results as Array<Record<string, unknown>>) {
          if ('facetHits' in result) {
            for (const hit of result.facetHits as Array<{ value: string }>)
              expect(ALLOWED_NAMES.has(hit.value)).toBe(true);
            continue;
          }
          for (const hit of result.hits as Array<{ dealership_id: number }>)
            expect(ALLOWED).toContain(hit.dealership_id);
          const names = Object.keys(
            (result.facets as Record<string, object> | undefined)?.dealership_name ?? {},
          );
          for (const name of names) expect(ALLOWED_NAMES.has(name)).toBe(true);
        }
      }),
      { numRuns: 250 },
    );
  });
});
