import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CsvPreview,
  type StockCar,
  type StockOverview,
  type StockRun,
  stockOverviewSchema,
  stockRunSchema,
} from '../../../domain/contracts/console-stock.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import { createApp } from '../../../server/app.ts';
import { consoleApiRoutes } from '../../../server/console/console-routes.ts';
import { pullDueFeeds } from '../../../server/console/stock/feed-puller.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { parseAllowHosts } from '../../../server/media/photos/address-policy.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { listAuditEntries } from '../../../server/store/audit.repo.ts';
import { getCarById, listCarPrices } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { createStaffMember, staffCookie } from '../../fixtures/staff.ts';
import { type PhotoOrigin, startPhotoOrigin } from '../media/photo-origin.ts';
import { sampleCar } from '../store/sample-car.ts';

/**
 * Issue 36 item 5: the console's stock on the real app and store — uploads (JSON, and CSV through the
 * dealer's saved mapping) with their reports, the scheduled feed against a loopback origin, and cars
 * hidden, sold and repriced by hand through the import's path; managers of this dealer only.
 */
const sites = loadTenants();
const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-console-stock-'));
const BAYSIDE = 'bayside-mazda';
const HARBOUR = 'harbour-auto-group';
const BAYSIDE_SITE = 101;
let db: Db;
let origin: PhotoOrigin;
let manager: StaffMember;
let managerCookie: string;
let salesCookie: string;
let harbourCookie: string;
const searched: number[][] = [];
let imports = 0;

function app() {
  return createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    sites,
    secrets: loadSecrets(dataDir),
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger: createLogger({ quiet: true }),
    apiRoutes: [
      consoleApiRoutes({
        db,
        stock: {
          allowHosts: parseAllowHosts(`http://127.0.0.1:${origin.port}`),
          afterImport: async () => {
            imports += 1;
          },
          carsChanged: async (ids) => {
            searched.push([...ids]);
          },
        },
      }),
    ],
  });
}

const call = (slug: string, path: string, init: { cookie?: string; body?: unknown } = {}) => {
  const headers: Record<string, string> = { host: `${slug}.localhost` };
  if (init.cookie) headers.cookie = init.cookie;
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
    headers.origin = `http://${slug}.localhost`;
    headers['sec-fetch-site'] = 'same-origin';
  }
  return app().request(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    ...(body ? { body } : {}),
  });
};

const overview = async (q = ''): Promise<StockOverview> => {
  const response = await call(BAYSIDE, `/api/dealer/stock${q ? `?q=${encodeURIComponent(q)}` : ''}`, {
    cookie: managerCookie,
  });
  expect(response.status).toBe(200);
  return stockOverviewSchema.parse(await response.json());
};

const upload = (body: unknown, slug = BAYSIDE, cookie = managerCookie) =>
  call(slug, '/api/dealer/stock/upload', { cookie, body });

const carRecord = (id: number, overrides: Record<string, unknown> = {}) => ({
  ...sampleCar(id, { slug: `2021-mazda-cx-3-${id}`, name: `2021 Mazda CX-3 ${id}` }),
  ...overrides,
});

const CSV = [
  'ID,Stock No,Year,Make,Model,Condition,Kms,Asking,Colour,Internal note',
  '7201,CSV7201,2020,Mazda,CX-30,used,31000,27990,Red,call Bob',
  '7202,CSV7202,2019,Mazda,BT-50,used,58000,34990,White,',
  '7203,CSV7203,abcd,Mazda,MX-5,used,12000,39990,Blue,',
].join('\n');

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  origin = await startPhotoOrigin();
  manager = await createStaffMember(db, { siteId: BAYSIDE_SITE, role: 'manager', name: 'Morgan Manager' });
  managerCookie = await staffCookie(db, manager);
  salesCookie = await staffCookie(db, await createStaffMember(db, { siteId: BAYSIDE_SITE, role: 'sales' }));
  harbourCookie = await staffCookie(db, await createStaffMember(db, { siteId: 102, role: 'manager' }));
}, 60_000);
afterAll(async () => {
  await origin?.close();
  await db?.close();
});

describe('the stock guard', () => {
  it('is a manager’s: a sales member is forbidden, another dealer’s manager a stranger', async () => {
    expect((await call(BAYSIDE, '/api/dealer/stock', { cookie: salesCookie })).status).toBe(403);
    expect((await call(BAYSIDE, '/api/dealer/stock', { cookie: harbourCookie })).status).toBe(401);
    expect((await call(BAYSIDE, '/api/dealer/stock')).status).toBe(401);
    const sold = await call(BAYSIDE, '/api/dealer/stock/cars/7101', {
      cookie: salesCookie,
      body: { action: 'sold' },
    });
    expect(sold.status).toBe(403);
  });
});

describe('a JSON upload', () => {
  it('imports the valid records, names each refused one, and reports the photos queued', async () => {
    const response = await upload({
      format: 'json',
      content: JSON.stringify([
        carRecord(7101, { primary_image_url: origin.url('/cx3-7101.jpg') }),
        carRecord(7102, { price: 'a lot' }),
        carRecord(7103),
      ]),
    });
    expect(response.status).toBe(201);
    const run = stockRunSchema.parse(await response.json());
    expect(run).toMatchObject({ source: 'upload', format: 'json', ok: true, staff_name: 'Morgan Manager' });
    expect(run.report).toMatchObject({ records: 3, added: 2, changed: 0, removed: 0, photos_queued: 1 });
    expect(run.report?.refused).toEqual([
      {
        record: 1,
        line: null,
        stocknum: 'U7102',
        field: 'price',
        message: expect.stringContaining('number'),
      },
    ]);
    expect(await getCarById(db, [1011], 7101)).not.toBeNull();
    expect(await getCarById(db, [1011], 7102)).toBeNull();
    expect(imports).toBeGreaterThan(0);
    const { runs } = await overview();
    expect(runs[0]?.id).toBe(run.id);
    const audit = await listAuditEntries(db, BAYSIDE_SITE, { limit: 20, offset: 0 });
    expect(audit.entries.map((entry) => entry.action)).toContain('stock.upload');
  });

  it('refuses a record whose id is another dealer’s car, and imports the rest', async () => {
    await upload(
      { format: 'json', content: JSON.stringify([carRecord(7301, { dealership_slug: 'harbour-toyota' })]) },
      HARBOUR,
      harbourCookie,
    );
    const response = await upload({
      format: 'json',
      content: JSON.stringify([carRecord(7301), carRecord(7104)]),
    });
    const run = stockRunSchema.parse(await response.json());
    expect(run.report?.added).toBe(1);
    expect(run.report?.refused).toEqual([
      expect.objectContaining({
        record: 0,
        field: 'id',
        message: "car 7301 belongs to another dealer's stock",
      }),
    ]);
  });

  it('answers a file that is not a JSON array with invalid_file, storing nothing', async () => {
    const response = await upload({ format: 'json', content: '{"cars": []}' });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_file' } });
  });
});

describe('a CSV upload', () => {
  it('needs a mapping before the first file', async () => {
    const response = await upload({ format: 'csv', content: CSV });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { code: 'mapping_needed' } });
  });

  it('proposes a mapping from the headers', async () => {
    const response = await call(BAYSIDE, '/api/dealer/stock/csv-preview', {
      cookie: managerCookie,
      body: { content: CSV },
    });
    expect(response.status).toBe(200);
    const preview = (await response.json()) as CsvPreview;
    expect(preview).toMatchObject({ rows: 3, saved: false });
    expect(preview.mapping).toEqual({
      ID: 'id',
      'Stock No': 'stocknum',
      Year: 'year',
      Make: 'make',
      Model: 'model',
      Condition: 'car_type',
      Kms: 'km',
      Asking: null,
      Colour: 'colour',
      'Internal note': null,
    });
    expect(preview.fields).toContain('price');
  });

  it('imports through the mapping the manager adjusted, names the refused row’s line, and saves the mapping', async () => {
    const preview = (await (
      await call(BAYSIDE, '/api/dealer/stock/csv-preview', { cookie: managerCookie, body: { content: CSV } })
    ).json()) as CsvPreview;
    const mapping = { ...preview.mapping, Asking: 'price' };
    const response = await upload({ format: 'csv', content: CSV, mapping });
    expect(response.status).toBe(201);
    const run = stockRunSchema.parse(await response.json());
    expect(run.report).toMatchObject({ records: 3, added: 2, changed: 0 });
    expect(run.report?.refused).toEqual([
      expect.objectContaining({ record: 2, line: 4, stocknum: 'CSV7203', field: 'year' }),
    ]);
    const car = await getCarById(db, [1011], 7201);
    expect(car).toMatchObject({
      name: '2020 Mazda CX-30',
      price: 27_990,
      km: 31_000,
      colour: 'Red',
      status: 'in_stock',
    });
    expect((await overview()).mapping).toEqual(mapping);
  });

  it('reuses the saved mapping: a second file changes the price, and the history keeps both', async () => {
    const again = CSV.replace('27990', '25990');
    const run = stockRunSchema.parse(await (await upload({ format: 'csv', content: again })).json());
    expect(run.report).toMatchObject({ added: 0, changed: 2 });
    expect((await listCarPrices(db, 7201)).map((point) => point.price)).toEqual([27_990, 25_990]);
    const preview = (await (
      await call(BAYSIDE, '/api/dealer/stock/csv-preview', { cookie: managerCookie, body: { content: CSV } })
    ).json()) as CsvPreview;
    expect(preview).toMatchObject({ saved: true, mapping: { Asking: 'price' } });
  });
});

describe('the scheduled feed', () => {
  const feedBody = JSON.stringify([carRecord(7401), carRecord(7402)]);

  it('refuses an address that is not https', async () => {
    const response = await call(BAYSIDE, '/api/dealer/stock/feed', {
      cookie: managerCookie,
      body: {
        url: 'http://feeds.example/stock.json',
        format: 'json',
        every_minutes: 60,
        enabled: true,
        replace: false,
      },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: { code: 'invalid_feed_url', fields: { url: expect.any(String) } },
    });
  });

  it('is pulled when due, and its runs are listed with their reports', async () => {
    origin.route('/feed.json', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(feedBody),
    );
    const saved = await call(BAYSIDE, '/api/dealer/stock/feed', {
      cookie: managerCookie,
      body: {
        url: origin.url('/feed.json'),
        format: 'json',
        every_minutes: 30,
        enabled: true,
        replace: false,
      },
    });
    expect(saved.status).toBe(200);
    const now = new Date();
    const deps = {
      db,
      sites,
      allowHosts: parseAllowHosts(`http://127.0.0.1:${origin.port}`),
      afterImport: async () => {},
      now: () => now,
    };
    expect(await pullDueFeeds(deps)).toBe(1);
    // Not due again for 30 minutes.
    expect(await pullDueFeeds(deps)).toBe(0);
    expect(await pullDueFeeds({ ...deps, now: () => new Date(now.getTime() + 31 * 60_000) })).toBe(1);
    const { runs, feed } = await overview();
    expect(feed).toMatchObject({ every_minutes: 30, enabled: true });
    expect(runs[0]).toMatchObject({
      source: 'feed',
      ok: true,
      staff_name: null,
      report: { added: 0, changed: 2 },
    });
    expect(runs[1]).toMatchObject({ source: 'feed', ok: true, report: { added: 2 } });
    expect(await getCarById(db, [1011], 7402)).not.toBeNull();
  });

  it('lists a failing pull with why, changing nothing', async () => {
    origin.route('/feed.json', (_req, res) => res.writeHead(500).end());
    const response = await call(BAYSIDE, '/api/dealer/stock/feed/run', { cookie: managerCookie, body: {} });
    expect(response.status).toBe(201);
    const run = (await response.json()) as StockRun;
    expect(run).toMatchObject({ ok: false, report: null, error: 'the feed’s server answered 500' });
    expect((await overview()).runs[0]).toMatchObject({ id: run.id, ok: false });
  });
});

describe('a car by hand', () => {
  const act = (id: number, body: unknown, slug = BAYSIDE, cookie = managerCookie) =>
    call(slug, `/api/dealer/stock/cars/${id}`, { cookie, body });

  it('changes its price through the import: history, search and the audit follow', async () => {
    const response = await act(7103, { action: 'price', price: 29_500 });
    expect(response.status).toBe(200);
    expect(((await response.json()) as StockCar).price).toBe(29_500);
    expect((await listCarPrices(db, 7103)).map((point) => point.price)).toEqual([31_990, 29_500]);
    expect(searched.at(-1)).toEqual([7103]);
    const audit = await listAuditEntries(db, BAYSIDE_SITE, { limit: 5, offset: 0 });
    expect(audit.entries[0]).toMatchObject({
      action: 'stock.price',
      subject: 'car 7103',
      staff_id: manager.id,
    });
  });

  it('hides a car, which stays hidden through the next upload until shown', async () => {
    const hidden = (await (await act(7104, { action: 'hide' })).json()) as StockCar;
    expect(hidden).toMatchObject({ shown: false, hidden: true });
    await upload({
      format: 'json',
      content: JSON.stringify([carRecord(7104, { show_on_dealer_website: true })]),
    });
    expect((await getCarById(db, [1011], 7104))?.show_on_dealer_website).toBe(false);
    const shown = (await (await act(7104, { action: 'show' })).json()) as StockCar;
    expect(shown).toMatchObject({ shown: true, hidden: false });
    expect(searched.at(-1)).toEqual([7104]);
  });

  it('marks a car sold', async () => {
    const sold = (await (await act(7101, { action: 'sold' })).json()) as StockCar;
    expect(sold.status).toBe('sold');
    expect(await getCarById(db, [1011], 7101)).toMatchObject({ status: 'sold', sold: true });
  });

  it('finds the dealer’s cars by stock number', async () => {
    const { cars, total } = await overview('CSV7202');
    expect(total).toBe(1);
    expect(cars[0]).toMatchObject({ id: 7202, stocknum: 'CSV7202' });
  });

  it('refuses another dealer’s car as not found', async () => {
    const response = await act(7301, { action: 'price', price: 1 });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'car_not_found' } });
    expect((await getCarById(db, [1021], 7301))?.price).toBe(31_990);
  });
});
