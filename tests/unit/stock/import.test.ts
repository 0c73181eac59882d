import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../../../server/seed/demo-tenants.ts';
import { stockImportErrorBody } from '../../../server/stock/admin.routes.ts';
import { importStock, StockImportError } from '../../../server/stock/import.ts';
import { countCars, getCarById, listCars, upsertCars } from '../../../server/store/cars.repo.ts';
import { sampleCar } from '../store/sample-car.ts';
import type { TestStore } from '../store/test-stores.ts';
import { testDrivers } from '../store/test-stores.ts';

const fixture = (name: string): unknown[] =>
  JSON.parse(readFileSync(new URL(`../../fixtures/stock/${name}`, import.meta.url), 'utf8')) as unknown[];
const HARBOUR = DEMO_TENANTS[1] as (typeof DEMO_TENANTS)[number];
const HARBOUR_IDS = HARBOUR.dealerships.map((d) => d.id);
const NOW = new Date('2025-06-01T00:00:00Z');

async function failure(promise: Promise<unknown>): Promise<StockImportError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof StockImportError))
    throw new Error(`expected a StockImportError, got ${String(error)}`);
  return error;
}

describe.each(testDrivers('import'))('stock import on $name', (driver) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await driver.open();
  });
  afterAll(async () => {
    await store.cleanup();
  });
  beforeEach(async () => {
    await store.db.query('DELETE FROM cars');
    await upsertCars(store.db, [
      sampleCar(1, { dealership_id: 1021, dealership_slug: 'harbour-toyota' }),
      sampleCar(2, { dealership_id: 1024, dealership_slug: 'harbour-volkswagen' }),
      sampleCar(3, { dealership_id: 1041, dealership_slug: 'metro-used-cars' }),
    ]);
  });

  it('imports a valid file and routes each car by dealership_slug, else to the first dealership', async () => {
    expect(await importStock(store.db, HARBOUR, fixture('harbour-valid.json'), { now: NOW })).toEqual({
      inserted: 5,
      updated: 0,
      removed: 0,
    });
    const dealerOf = async (id: number) => (await getCarById(store.db, HARBOUR_IDS, id))?.dealership_slug;
    expect(await dealerOf(9000001)).toBe('harbour-toyota');
    expect(await dealerOf(9000002)).toBe('harbour-kia');
    expect(await dealerOf(9000003)).toBe('harbour-volkswagen');
    expect(await dealerOf(9000004)).toBe('harbour-toyota');
    expect(await dealerOf(9000005)).toBe('harbour-toyota');
    const preorder = await getCarById(store.db, HARBOUR_IDS, 9000005);
    expect(preorder).toMatchObject({
      created_at: NOW.toISOString(),
      preorder: true,
      location: { slug: 'harbour-toyota' },
    });
    expect((await getCarById(store.db, HARBOUR_IDS, 9000001))?.finance_lenders.taurus?.interestRate).toBe(
      7.49,
    );
  });

  it('imports nothing when one record is bad, naming its index and field', async () => {
    const error = await failure(importStock(store.db, HARBOUR, fixture('harbour-bad-record-3.json')));
    expect(error.message).toBe('record 3: price: expected number, received string');
    expect(error.issues).toEqual([{ index: 3, field: 'price', message: 'expected number, received string' }]);
    expect(stockImportErrorBody(error).error.fields).toEqual({
      'records.3.price': 'expected number, received string',
    });
    expect(await countCars(store.db)).toBe(3);
  });

  it('reads feed formats: ISO date-times and dd/mm/yyyy dates, numeric strings, "" as no value', async () => {
    const [first] = fixture('harbour-valid.json') as Record<string, unknown>[];
    const feed = {
      ...first,
      price: '52990',
      km: '3200',
      rego_expiry: '15/07/2026',
      compliance_date: '2024-02-01T00:00:00+10:00',
      build_date: '01/01/2024',
      file: '',
    };
    expect(await importStock(store.db, HARBOUR, [feed], { now: NOW })).toMatchObject({ inserted: 1 });
    expect(await getCarById(store.db, HARBOUR_IDS, 9000001)).toMatchObject({
      price: 52990,
      km: 3200,
      rego_expiry: '2026-07-15',
      compliance_date: '2024-02-01',
      build_date: '2024-01-01',
      file: null,
    });
    const error = await failure(importStock(store.db, HARBOUR, [{ ...feed, rego_expiry: '31/02/2026' }]));
    expect(error.issues[0]).toMatchObject({ index: 0, field: 'rego_expiry' });
  });

  it('reports nested fields, duplicates and a file that is not a list', async () => {
    const [first, second] = fixture('harbour-valid.json') as Record<string, unknown>[];
    const badLender = { ...second, finance_lenders: { taurus: { interestRate: 'low' } } };
    let error = await failure(importStock(store.db, HARBOUR, [first, badLender]));
    expect(error.message).toBe(
      'record 1: finance_lenders.taurus.interestRate: expected number, received string',
    );
    error = await failure(importStock(store.db, HARBOUR, [first, { ...second, id: first?.id }]));
    expect(error.message).toBe('record 1: id: duplicate of record 0');
    error = await failure(importStock(store.db, HARBOUR, { cars: [] }));
    expect(error.message).toBe('file: expected a JSON array of cars');
  });

  it('upserts by id', async () => {
    await importStock(store.db, HARBOUR, fixture('harbour-valid.json'), { now: NOW });
    const changed = fixture('harbour-valid.json').map((car, i) =>
      i === 0 ? { ...(car as object), price: 49_990 } : car,
    );
    expect(await importStock(store.db, HARBOUR, changed.slice(0, 2), { now: NOW })).toEqual({
      inserted: 0,
      updated: 2,
      removed: 0,
    });
    expect((await getCarById(store.db, HARBOUR_IDS, 9000001))?.price).toBe(49_990);
    expect(await countCars(store.db)).toBe(8);
  });

  it('replaces the tenant’s stock with --replace and leaves other tenants alone', async () => {
    expect(
      await importStock(store.db, HARBOUR, fixture('harbour-valid.json'), { replace: true, now: NOW }),
    ).toEqual({
      inserted: 5,
      updated: 0,
      removed: 2,
    });
    expect((await listCars(store.db, HARBOUR_IDS)).map((c) => c.id).sort()).toEqual([
      9000001, 9000002, 9000003, 9000004, 9000005,
    ]);
    expect(await getCarById(store.db, [1041], 3)).not.toBeNull();
  });

  it('refuses to take over another dealer’s car or reuse a slug within the tenant', async () => {
    const [first] = fixture('harbour-valid.json') as Record<string, unknown>[];
    let error = await failure(importStock(store.db, HARBOUR, [{ ...first, id: 3 }]));
    expect(error.message).toBe("record 0: id: car 3 belongs to another dealer's stock");
    error = await failure(importStock(store.db, HARBOUR, [{ ...first, slug: sampleCar(2).slug }]));
    expect(error.message).toBe('record 0: slug: already used by car 2');
    expect(await countCars(store.db)).toBe(3);
  });
});
