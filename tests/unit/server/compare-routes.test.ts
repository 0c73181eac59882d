import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarInput } from '../../../domain/car.ts';
import { compareAnswerSchema } from '../../../domain/contracts/compare.ts';
import { compareRoutes } from '../../../server/api/compare.routes.ts';
import { createApp } from '../../../server/app.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { upsertCars } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { buildCar } from '../../fixtures/cars.ts';

/** `GET /api/compare` and `/compare` on the real app over an in-memory store, with cars of two dealers. */
const sites = loadTenants();
const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-compare-'));
const NOW = new Date('2026-03-01T00:00:00Z');
let db: Db;

const bayside = (overrides: Partial<CarInput>) =>
  buildCar({ dealership_id: 1011, dealership_slug: 'bayside-mazda', ...overrides });
const cars = [
  bayside({ id: 10001, slug: 'cx-5-10001', colour: 'Red' }),
  bayside({ id: 10004, slug: 'cx-5-10004', colour: 'Blue', price: 32_000 }),
  bayside({ id: 10002, slug: 'sold-cx-3-10002', status: 'sold', sold: true }),
  bayside({ id: 10003, slug: 'hidden-car-10003', show_on_dealer_website: false }),
  buildCar({ id: 20001, slug: 'metro-car-20001', dealership_id: 1041, dealership_slug: 'metro-used-cars' }),
];

function app() {
  return createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DEFAULT_TENANT: 'bayside-mazda' }),
    sites,
    secrets: loadSecrets(dataDir),
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger: createLogger({ quiet: true }),
    apiRoutes: [compareRoutes({ db, now: () => NOW })],
  });
}
const get = (path: string) => app().request(path, { headers: { host: 'bayside-mazda.localhost' } });

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  await upsertCars(db, cars);
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe('GET /api/compare (issue 19 item 1)', () => {
  it("answers the site's cars in the order asked; sold, hidden, another dealer's and unknown cars as no longer available", async () => {
    const response = await get(
      '/api/compare?cars=cx-5-10004,sold-cx-3-10002,hidden-car-10003,metro-car-20001,cx-5-10001',
    );
    expect(response.status).toBe(400);
    const ok = await get('/api/compare?cars=cx-5-10004,sold-cx-3-10002,metro-car-20001,no-such-car');
    expect(ok.status).toBe(200);
    const answer = compareAnswerSchema.parse(await ok.json());
    expect(answer.cars.map((entry) => [entry.slug, entry.car?.id ?? null])).toEqual([
      ['cx-5-10004', 10004],
      ['sold-cx-3-10002', null],
      ['metro-car-20001', null],
      ['no-such-car', null],
    ]);
    expect(answer.origin).toBe('https://www.baysidemazda.com.au');
    const hidden = compareAnswerSchema.parse(await (await get('/api/compare?cars=hidden-car-10003')).json());
    expect(hidden.cars[0]?.car).toBeNull();
  });

  it('refuses what is not a list of one to four car slugs, saying which', async () => {
    for (const query of ['', '?cars=', '?cars=Not%20A%20Slug', '?cars=a,b,c,d,e']) {
      const response = await get(`/api/compare${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: { code: string; fields?: Record<string, string> } };
      expect(body.error.code).toBe('invalid_request');
      expect(body.error.fields?.cars).toBe('must name one to 4 cars by their slugs, separated by commas');
    }
  });

  it('/compare renders the comparison on the server: a column per car, differing rows marked, a gone car said so', async () => {
    const page = await get('/compare?cars=cx-5-10001,cx-5-10004,sold-cx-3-10002');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Compare 3 cars | Bayside Mazda</title>');
    expect(html.match(/data-testid="compare-column"/g)).toHaveLength(3);
    expect(html).toContain('No longer available');
    expect(html).toMatch(/<tr data-differs="true"[^>]*><th scope="row"[^>]*>Price/);
    expect(html).toContain(
      'value="https://www.baysidemazda.com.au/compare?cars=cx-5-10001,cx-5-10004,sold-cx-3-10002"',
    );
    const empty = await get('/compare');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('No cars to compare yet.');
  });
});
