import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../../server/api/routes.ts';
import { createApp } from '../../../server/app.ts';
import { openBackends } from '../../../server/backends.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import type { Db } from '../../../server/store/db.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { loadAllPages } from '../../../views/app/pages.ts';

/**
 * Issue 14 item 7: every route, page and `/api`, walked with hostile values in its parameters —
 * wrong case, undecodable escapes, prototype names, encoded slashes and NUL, huge and odd numbers —
 * answers 4xx (or a page that is found), never 5xx.
 */
const HOSTILE = [
  'Foo',
  '%ff',
  '%',
  '__proto__',
  'constructor',
  '..%2f..%2fetc%2fpasswd',
  'a%2fb',
  'a%00b',
  '%00',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  'NaN',
  `${'a'.repeat(5000)}`,
  '%F0%9F%9A%97',
  '<script>',
];

const PAGE_TEMPLATES = [
  '/cars/{}',
  '/search/{}',
  '/search/{}/{}',
  '/{}',
  '/sign-in?type={}&redirect={}&back={}',
  '/watchlist?{}={}',
];
const API_GETS = [
  '/api/cars/{}',
  '/api/cars/{}/pdf',
  '/api/car-finance?car_id={}',
  '/api/{}',
  '/api/auth/{}',
];

const HOST = { host: 'bayside-mazda.localhost' };
let db: Db;
let app: ReturnType<typeof createApp>;

let close: () => Promise<void>;

/** The whole app — its search endpoint and seeded store included — answering in-process. */
beforeAll(async () => {
  await loadAllPages();
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-hostile-'));
  const env = readEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEFAULT_TENANT: 'bayside-mazda',
    DATABASE_URL: '',
  });
  const sites = loadTenants();
  const secrets = loadSecrets(dataDir);
  const logger = createLogger({ quiet: true });
  const backends = await openBackends(env, sites, secrets, logger);
  db = backends.db;
  close = backends.close;
  app = createApp({
    env,
    sites,
    secrets,
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger,
    mounts: backends.mounts,
    apiRoutes: apiRoutes({ db }),
    makeLogos: backends.makeLogos,
  });
});
afterAll(async () => {
  await close();
});

const fill = (template: string, value: string) => template.replaceAll('{}', value);

describe('hostile addresses answer 4xx, never 5xx (issue 14 item 7)', () => {
  it.each([...PAGE_TEMPLATES, ...API_GETS])('GET %s', async (template) => {
    const failures: string[] = [];
    for (const value of HOSTILE) {
      const path = fill(template, value);
      const response = await app.request(`http://bayside-mazda.localhost${path}`, { headers: HOST });
      if (response.status >= 500) failures.push(`${path.slice(0, 80)} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it.each([
    '/api/cars/phone-reveals',
    '/api/analytics',
    '/api/watchlist/save-car',
    '/api/auth/sign-in',
    '/api/leads',
  ])('POST %s with hostile JSON values', async (path) => {
    const failures: string[] = [];
    const bodies = [
      '{"__proto__":{"polluted":true}}',
      '{"car_id":"1e309","dealership_id":-1,"website_id":null}',
      '{"event_id":"39","car_id":99999999999999999999}',
      '[]',
      'null',
      '"text"',
      '{"email":{"$gt":""},"password":["x"]}',
      `{"phone_number":"${'9'.repeat(5000)}","car_id":1}`,
    ];
    for (const body of bodies) {
      const response = await app.request(`http://bayside-mazda.localhost${path}`, {
        method: 'POST',
        headers: { ...HOST, 'content-type': 'application/json' },
        body,
      });
      if (response.status >= 500) failures.push(`${body.slice(0, 60)} → ${response.status}`);
    }
    expect(failures).toEqual([]);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
