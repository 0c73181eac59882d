import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { algoliasearch } from 'algoliasearch';
import { Hono } from 'hono';
import { SearchIndexRegistry } from '../../../../server/search/engine/registry.ts';
import { SearchBudget } from '../../../../server/search/http/budget.ts';
import { defineSearchIndices } from '../../../../server/search/indices.ts';
import { createKeyVerifier } from '../../../../server/search/keys.ts';
import { createSearchRoutes, type SearchFaults } from '../../../../server/search/routes.ts';
import { generateCarRecords } from '../../../fixtures/search-records.ts';

/** Credentials of the test endpoint. */
export const TEST_KEYS = {
  appId: 'forecourt',
  searchKey: 'search-parent-key-0123456789abcdef0123',
  adminKey: 'admin-key-0123456789abcdef0123456789ab',
} as const;

/** A running endpoint on 127.0.0.1 with the storefront's indices. */
export interface TestSearchServer {
  registry: SearchIndexRegistry;
  host: string;
  baseUrl: string;
  client: (apiKey?: string) => ReturnType<typeof algoliasearch>;
  close: () => Promise<void>;
}

/** Serves `createSearchRoutes` mounted at `/search-api` on port 0, with `cars` filled when `cars` > 0. */
export async function startSearchServer(
  options: {
    cars?: number;
    faults?: SearchFaults;
    now?: () => number;
    budget?: SearchBudget;
    trustProxy?: number;
  } = {},
): Promise<TestSearchServer> {
  const registry = new SearchIndexRegistry();
  defineSearchIndices(registry);
  if (options.cars) registry.replaceAll('cars', generateCarRecords(options.cars));
  const keys = createKeyVerifier({ ...TEST_KEYS, ...(options.now ? { now: options.now } : {}) });
  const app = new Hono();
  app.route(
    '/search-api',
    createSearchRoutes({
      indices: registry,
      keys,
      ...(options.faults ? { faults: options.faults } : {}),
      // The per-client search time is the endpoint's own test's concern (cost-limits.test.ts):
      // elsewhere one test client sends far more than a shopper would.
      budget: options.budget ?? SearchBudget.unlimited(),
      ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
    }),
  );
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}/search-api`;
  return {
    registry,
    host,
    baseUrl: `http://${host}`,
    client: (apiKey = TEST_KEYS.searchKey) =>
      algoliasearch(TEST_KEYS.appId, apiKey, {
        hosts: [{ url: host, protocol: 'http', accept: 'readWrite' }],
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
