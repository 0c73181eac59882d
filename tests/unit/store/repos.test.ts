import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewListSchema } from '../../../domain/review.ts';
import { catalogueMakes, catalogueModels } from '../../../server/seed/catalog-entities.ts';
import {
  countCarsByDealership,
  getCarBySlug,
  listCars,
  replaceDealerStock,
  upsertCars,
} from '../../../server/store/cars.repo.ts';
import { listMakes, listModels, upsertMakes, upsertModels } from '../../../server/store/makes.repo.ts';
import { getMeta, setMeta } from '../../../server/store/meta.repo.ts';
import { listPromotions, upsertPromotions } from '../../../server/store/promotions.repo.ts';
import { listReviews, timeAgoInWords, upsertReviews } from '../../../server/store/reviews.repo.ts';
import { sampleCar } from './sample-car.ts';
import type { TestStore } from './test-stores.ts';
import { testDrivers } from './test-stores.ts';

const HARBOUR = [1021, 1022, 1023, 1024];

describe.each(testDrivers('repos'))('repositories on $name', (driver) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await driver.open();
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it('upserts cars by id, reporting inserted and updated, and stores every field', async () => {
    const car = sampleCar(100, {
      dealership_id: 1021,
      dealership_slug: 'harbour-toyota',
      finance_lenders: { oem: {} },
    });
    expect(
      await upsertCars(store.db, [
        car,
        sampleCar(101, { dealership_id: 1022, dealership_slug: 'harbour-hyundai' }),
      ]),
    ).toEqual({
      inserted: 2,
      updated: 0,
    });
    expect(await upsertCars(store.db, [{ ...car, price: 29_990 }])).toEqual({ inserted: 0, updated: 1 });
    const stored = await getCarBySlug(store.db, HARBOUR, car.slug);
    expect(stored).toEqual({ ...car, price: 29_990 });
  });

  it('finds a car by slug only within the tenant’s dealerships', async () => {
    const car = sampleCar(102);
    await upsertCars(store.db, [car]);
    expect(await getCarBySlug(store.db, [1011], car.slug)).not.toBeNull();
    expect(await getCarBySlug(store.db, HARBOUR, car.slug)).toBeNull();
  });

  it('lists a tenant’s cars newest first, optionally by status', async () => {
    await upsertCars(store.db, [
      sampleCar(103, {
        dealership_id: 1023,
        dealership_slug: 'harbour-kia',
        created_at: '2025-05-30T00:00:00Z',
      }),
      sampleCar(104, { dealership_id: 1023, dealership_slug: 'harbour-kia', status: 'sold', sold: true }),
    ]);
    const all = await listCars(store.db, HARBOUR);
    expect(all.map((c) => c.id)).toEqual([103, 100, 101, 104]);
    expect((await listCars(store.db, HARBOUR, { statuses: ['sold'] })).map((c) => c.id)).toEqual([104]);
    expect((await listCars(store.db, HARBOUR, { limit: 1, offset: 1 })).map((c) => c.id)).toEqual([100]);
  });

  it('replaces the stock of the given dealerships and leaves others alone', async () => {
    const counts = await replaceDealerStock(
      store.db,
      [1023],
      [sampleCar(105, { dealership_id: 1023, dealership_slug: 'harbour-kia' })],
    );
    expect(counts).toEqual({ inserted: 1, updated: 0, removed: 2 });
    const byDealer = await countCarsByDealership(store.db);
    expect(byDealer.get(1023)).toBe(1);
    expect(byDealer.get(1021)).toBe(1);
    expect(byDealer.get(1011)).toBe(1);
  });

  it('lists makes (with null logos) and models by make and status', async () => {
    await upsertMakes(store.db, catalogueMakes());
    await upsertModels(store.db, catalogueModels());
    const makes = await listMakes(store.db);
    expect(makes.some((m) => m.logo.url === null)).toBe(true);
    expect((await listMakes(store.db, ['mazda'])).map((m) => m.name)).toEqual(['Mazda']);
    const mazda = await listModels(store.db, { makeSlug: 'mazda' });
    expect(mazda.map((m) => m.name)).toContain('CX-5');
    expect(mazda.every((m) => m.manufacturer_name === 'Mazda')).toBe(true);
    const soon = await listModels(store.db, { status: 'coming_soon' });
    expect(soon.length).toBeGreaterThan(0);
    expect(soon.every((m) => m.status === 'coming_soon')).toBe(true);
  });

  it('lists reviews with count, average as text and words relative to now (spec §3 Review)', async () => {
    await upsertReviews(store.db, [
      {
        id: 1,
        site_id: 102,
        dealership_id: 1021,
        location_id: 10211,
        customer_name: 'Mia K.',
        text: 'Great',
        rating: 5,
        image_url: null,
        thumb_url: null,
        review_date: '2025-05-29',
      },
      {
        id: 2,
        site_id: 102,
        dealership_id: 1022,
        location_id: 10221,
        customer_name: 'Jack T.',
        text: null,
        rating: 4,
        image_url: null,
        thumb_url: null,
        review_date: '2024-05-01',
      },
      {
        id: 3,
        site_id: 101,
        dealership_id: 1011,
        location_id: 10111,
        customer_name: 'Wei L.',
        text: 'Ok',
        rating: 3,
        image_url: null,
        thumb_url: null,
        review_date: '2025-01-01',
      },
    ]);
    const now = new Date('2025-06-01T00:00:00Z');
    const list = reviewListSchema.parse(await listReviews(store.db, { siteId: 102 }, now));
    expect(list.count).toBe(2);
    expect(list.average_rating).toBe('4.5');
    expect(list.reviews[0]).toMatchObject({
      customer_name: 'Mia K.',
      review_date: '29/05/2025',
      review_date_in_words: '29 May 2025',
      created_at_time_ago_in_words: '3 days',
      image: { url: null, thumb: { url: null } },
    });
    expect((await listReviews(store.db, { siteId: 102, locationId: 10221 }, now)).count).toBe(1);
    expect((await listReviews(store.db, { siteId: 102 }, now, 1)).reviews).toHaveLength(1);
    expect(timeAgoInWords('2024-05-01', now)).toBe('about 1 year');
  });

  it('lists promotions, only running ones when asked, scoped by dealership', async () => {
    const base = {
      site_id: 102,
      description: null,
      image: { url: '/media/promotions/x.svg' },
      link: '/special-offers',
    };
    await upsertPromotions(store.db, [
      {
        ...base,
        id: 1,
        title: 'Stocktake',
        dealership_ids: [],
        start_at: '2025-01-01T00:00:00+10:00',
        expires_at: '2025-02-01T00:00:00+10:00',
      },
      {
        ...base,
        id: 2,
        title: 'Toyota only',
        dealership_ids: [1021],
        start_at: '2025-01-10T00:00:00Z',
        expires_at: '2025-03-01T00:00:00Z',
      },
    ]);
    expect(await listPromotions(store.db, 102)).toHaveLength(2);
    const lastDay = new Date('2025-01-31T13:59:59Z');
    expect((await listPromotions(store.db, 102, { activeAt: lastDay })).map((p) => p.id)).toEqual([1, 2]);
    expect(
      (await listPromotions(store.db, 102, { activeAt: new Date('2025-01-31T14:00:00Z') })).map((p) => p.id),
    ).toEqual([2]);
    expect((await listPromotions(store.db, 102, { dealershipIds: [1022] })).map((p) => p.id)).toEqual([1]);
  });

  it('keeps store metadata', async () => {
    expect(await getMeta(store.db, 'seed')).toBeNull();
    await setMeta(store.db, 'seed', { seed: 1 });
    await setMeta(store.db, 'seed', { seed: 2 });
    expect(await getMeta(store.db, 'seed')).toEqual({ seed: 2 });
  });
});
