import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastPriceDrops,
  listCarPrices,
  replaceCarPrices,
  replaceDealerStock,
  upsertCars,
} from '../../../server/store/cars.repo.ts';
import { buildCar } from '../../fixtures/cars.ts';
import { type TestStore, testDrivers } from './test-stores.ts';

/**
 * The price history (issue 19 item 3): the store records a car's asking price when it is first stored
 * and each time it changes — an import, the admin route and the seed all write through `upsertCars`.
 */
describe.each(testDrivers('car_prices'))('car prices on $name', (driver) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await driver.open();
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it('records the first price and every change of the asking price, not an unchanged write', async () => {
    const car = buildCar({ id: 70001, slug: 'history-70001', price: 30_000 });
    await upsertCars(store.db, [car]);
    await upsertCars(store.db, [{ ...car, km: 46_000 }]);
    await upsertCars(store.db, [{ ...car, price: 28_500 }]);
    // An offer price above 10 is what the shopper is asked: it counts.
    await upsertCars(store.db, [{ ...car, price: 28_500, offer_price: 27_990 }]);
    const prices = (await listCarPrices(store.db, car.id)).map((point) => point.price);
    expect(prices).toEqual([30_000, 28_500, 27_990]);
    expect((await lastPriceDrops(store.db, [car.id])).get(car.id)?.amount).toBe(510);
  });

  it('a rise after a drop is no drop; the car leaves the listing of drops', async () => {
    const car = buildCar({ id: 70002, slug: 'history-70002', price: 20_000 });
    await upsertCars(store.db, [car]);
    await upsertCars(store.db, [{ ...car, price: 19_000 }]);
    expect((await lastPriceDrops(store.db)).has(car.id)).toBe(true);
    await upsertCars(store.db, [{ ...car, price: 19_500 }]);
    expect((await lastPriceDrops(store.db)).has(car.id)).toBe(false);
  });

  it('back-dated history replaces a car’s rows; a car removed from stock takes its history with it', async () => {
    const car = buildCar({ id: 70003, slug: 'history-70003', price: 15_000, dealership_id: 9001 });
    await upsertCars(store.db, [car]);
    await replaceCarPrices(store.db, [
      { car_id: car.id, price: 16_000, at: '2026-10-01T00:00:00.000Z' },
      { car_id: car.id, price: 15_000, at: '2026-11-20T00:00:00.000Z' },
    ]);
    expect(await listCarPrices(store.db, car.id)).toEqual([
      { price: 16_000, at: '2026-10-01T00:00:00.000Z' },
      { price: 15_000, at: '2026-11-20T00:00:00.000Z' },
    ]);
    expect((await lastPriceDrops(store.db, [car.id])).get(car.id)).toEqual({
      at: '2026-11-20T00:00:00.000Z',
      amount: 1000,
    });
    await replaceDealerStock(store.db, [9001], []);
    expect(await listCarPrices(store.db, car.id)).toEqual([]);
  });
});
