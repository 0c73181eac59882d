import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileLoaders, runSearchPush } from '../../../server/cli/search-push.ts';
import { CAR_SYNONYMS, SEARCH_INDICES } from '../../../server/search/indices.ts';
import { makeBrowserKey } from '../../../server/search/keys.ts';
import { pushClientFromEnv, pushSearchIndices } from '../../../server/search/push.ts';
import { FAULT_QUERY } from '../../../server/search/routes.ts';
import { generateCarRecords } from '../../fixtures/search-records.ts';
import { startSearchServer, TEST_KEYS, type TestSearchServer } from './support/search-server.ts';

let server: TestSearchServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const search = (s: TestSearchServer, query: string, suffix = '') =>
  fetch(`${s.baseUrl}/1/indexes/*/queries${suffix}`, {
    method: 'POST',
    headers: { 'x-algolia-application-id': TEST_KEYS.appId, 'x-algolia-api-key': TEST_KEYS.searchKey },
    body: JSON.stringify({ requests: [{ indexName: 'cars', query }] }),
  });

describe('test-mode fault switch (docs/decisions/010-search-engine.md; spec §4 "Search results": hasError)', () => {
  it('answers 503 in Algolia form for ?x-forecourt-fault=500 or the magic query, and reports it', async () => {
    const seen: string[] = [];
    server = await startSearchServer({ cars: 50, faults: { onFault: (trigger) => seen.push(trigger) } });
    const byQueryString = await search(server, 'corolla', '?x-forecourt-fault=500');
    expect(byQueryString.status).toBe(503);
    expect(await byQueryString.json()).toEqual({
      message: expect.stringContaining('test fault'),
      status: 503,
    });
    expect((await search(server, FAULT_QUERY)).status).toBe(503);
    expect((await search(server, 'corolla')).status).toBe(200);
    await expect(
      server.client().searchSingleIndex({ indexName: 'cars', searchParams: { query: FAULT_QUERY } }),
    ).rejects.toThrow();
    expect(seen).toEqual(['query-string', 'magic-query', 'magic-query']);
  });

  it('does not exist without deps.faults', async () => {
    server = await startSearchServer({ cars: 50 });
    expect((await search(server, 'corolla', '?x-forecourt-fault=500')).status).toBe(200);
    const magic = await search(server, FAULT_QUERY);
    expect(magic.status).toBe(200);
    expect(await magic.json()).toMatchObject({ results: [{ nbHits: 0, query: FAULT_QUERY }] });
  });
});

describe('search:push through the real client (issue 3 item 6: "say how it was verified without that app")', () => {
  it('pushes settings and records to the embedded endpoint, which then searches them', async () => {
    server = await startSearchServer();
    for (const name of server.registry.names())
      if (server.registry.has(name)) server.registry.deleteIndex(name);
    const client = pushClientFromEnv({
      ALGOLIA_APP_ID: TEST_KEYS.appId,
      ALGOLIA_ADMIN_KEY: TEST_KEYS.adminKey,
      ALGOLIA_HOST: `http://${server.host}`,
    });
    const records = generateCarRecords(2500);
    const indices = SEARCH_INDICES.map((index) =>
      index.name === 'cars' ? { ...index, loadRecords: async () => records } : index,
    );
    const reports = await pushSearchIndices(client, indices);
    expect(reports.find((r) => r.index === 'cars')).toEqual({
      index: 'cars',
      settings: true,
      records: 2500,
      synonyms: CAR_SYNONYMS.length,
    });
    expect(await client.getSettings({ indexName: 'cars_price_asc' })).toMatchObject({
      primary: 'cars',
      ranking: expect.arrayContaining(['asc(asking_price)']),
    });
    // Issue 37 item 2: the car words' settings and the shipped synonyms, on the replicas too.
    expect(await client.getSettings({ indexName: 'cars' })).toMatchObject({
      searchableAttributes: expect.arrayContaining(['unordered(keywords)', 'unordered(seat_words)']),
      disablePrefixOnAttributes: ['seat_words'],
    });
    const { hits: synonyms } = await client.searchSynonyms({ indexName: 'cars_latest' });
    expect(synonyms).toHaveLength(CAR_SYNONYMS.length);
    expect(synonyms).toContainEqual(
      expect.objectContaining({
        type: 'synonym',
        synonyms: expect.arrayContaining(['ute', 'utility', 'pick-up']),
      }),
    );
    const browser = server.client(makeBrowserKey(TEST_KEYS.searchKey, { dealershipIds: [4] }));
    const result = await browser.searchSingleIndex({
      indexName: 'cars_price_asc',
      searchParams: { facets: ['dealership_name'] },
    });
    expect(result.nbHits).toBe(records.filter((r) => r.dealership_id === 4).length);
    expect(result.facets).toEqual({ dealership_name: { 'Harbour Toyota North': result.nbHits } });

    await pushSearchIndices(client, [
      {
        name: 'cars',
        settings: SEARCH_INDICES[0]?.settings ?? {},
        loadRecords: async () => records.slice(0, 10),
      },
    ]);
    expect((await server.client().searchSingleIndex({ indexName: 'cars_latest' })).nbHits).toBe(10);
    await client.saveObjects({
      indexName: 'cars',
      objects: [{ ...records[20], objectID: 'extra', name: 'Zebra special' }],
      waitForTasks: true,
    });
    expect(
      (await server.client().searchSingleIndex({ indexName: 'cars', searchParams: { query: 'zebra' } }))
        .nbHits,
    ).toBe(1);
  });

  it('the CLI pushes records read from a JSON file', async () => {
    server = await startSearchServer();
    const dir = mkdtempSync(join(tmpdir(), 'search-push-'));
    const file = join(dir, 'cars.json');
    writeFileSync(file, JSON.stringify(generateCarRecords(30)));
    const lines: string[] = [];
    const env = {
      ALGOLIA_APP_ID: TEST_KEYS.appId,
      ALGOLIA_ADMIN_KEY: TEST_KEYS.adminKey,
      ALGOLIA_HOST: `http://${server.host}`,
    };
    await runSearchPush(env, fileLoaders(['--cars', file]), (line) => lines.push(line));
    expect(lines).toContain('30 records → cars');
    expect(server.registry.count('cars')).toBe(30);
    await expect(runSearchPush({}, {}, () => {})).rejects.toThrow(/ALGOLIA_APP_ID/);
  });
});
