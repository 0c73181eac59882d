import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../../../server/seed/demo-tenants.ts';
import { ensureSeeded, reseed } from '../../../server/seed/seed.ts';
import { countCars, countCarsByDealership, listCars } from '../../../server/store/cars.repo.ts';
import { listMakes, listModels } from '../../../server/store/makes.repo.ts';
import { getMeta } from '../../../server/store/meta.repo.ts';
import { listPromotions } from '../../../server/store/promotions.repo.ts';
import { listReviews } from '../../../server/store/reviews.repo.ts';
import type { TestStore } from '../store/test-stores.ts';
import { testDrivers } from '../store/test-stores.ts';

const NOW = new Date('2025-06-01T00:00:00Z');

describe.each(testDrivers('seed'))('seeding the store on $name', (driver) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await driver.open();
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it('seeds an empty store on first start and records the reference date', async () => {
    const report = await ensureSeeded(store.db, DEMO_TENANTS, NOW, { seed: 5 });
    expect(report.seeded).toBe(true);
    expect(await countCars(store.db)).toBe(report.cars);
    const byDealer = await countCarsByDealership(store.db);
    for (const dealership of DEMO_TENANTS.flatMap((t) => t.dealerships)) {
      expect(byDealer.get(dealership.id) ?? 0, dealership.slug).toBeGreaterThanOrEqual(100);
    }
    expect(await getMeta(store.db, 'seed')).toMatchObject({
      seed: 5,
      now: NOW.toISOString(),
      cars: report.cars,
    });
    expect((await listMakes(store.db)).length).toBeGreaterThan(20);
    expect((await listModels(store.db, { status: 'new' })).length).toBeGreaterThan(0);
    const reviews = await listReviews(store.db, { siteId: 102 }, NOW, 12);
    expect(reviews.count).toBe(454);
    expect(reviews.average_rating).toBe('4.7');
    expect(reviews.reviews).toHaveLength(12);
    expect((await listPromotions(store.db, 101, { activeAt: NOW })).length).toBeGreaterThan(0);
  });

  it('does nothing on later starts', async () => {
    const before = await listCars(store.db, [1011], { limit: 5 });
    const report = await ensureSeeded(store.db, DEMO_TENANTS, new Date('2026-01-01T00:00:00Z'), { seed: 9 });
    expect(report.seeded).toBe(false);
    expect(await listCars(store.db, [1011], { limit: 5 })).toEqual(before);
  });

  it('regenerates everything on reset', async () => {
    const report = await reseed(store.db, [DEMO_TENANTS[0] as (typeof DEMO_TENANTS)[number]], NOW, {
      seed: 5,
    });
    expect(await countCars(store.db)).toBe(report.cars);
    expect([...(await countCarsByDealership(store.db)).keys()]).toEqual([1011]);
    expect((await listReviews(store.db, { siteId: 102 }, NOW)).count).toBe(0);
  });
});
