import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertCars } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { sampleCar } from '../store/sample-car.ts';
import { type AccountServer, startAccountServer } from './watchlist-test-server.ts';

/** Listings and pages of the sitemap (issue 31 item 21): only listings with stock, no gated page. */

let db: Db;
let server: AccountServer;
beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  server = await startAccountServer(db);
  const outback = (id: number, dealership: [number, string], kind: 'cars' | 'caravans' | 'motorcycles') =>
    sampleCar(id, {
      dealership_id: dealership[0],
      dealership_slug: dealership[1],
      vehicle_kind: kind,
      car_type: 'new',
    });
  await upsertCars(db, [
    // Bayside: used cars only, and a new car hidden from the website.
    sampleCar(9201, { car_type: 'used' }),
    sampleCar(9202, { car_type: 'new', show_on_dealer_website: false }),
    // Harbour: a demo car.
    sampleCar(9301, { dealership_id: 1021, dealership_slug: 'harbour-toyota', car_type: 'demo' }),
    // Outback (in-stock preset): a caravan in stock, a motorcycle only coming soon.
    outback(9401, [1031, 'outback-caravans'], 'caravans'),
    { ...outback(9402, [1032, 'outback-motorcycles'], 'motorcycles'), status: 'coming_soon' },
  ]);
});
afterAll(async () => {
  await server?.close();
  await db?.close();
});

const locs = async (slug: string): Promise<string[]> => {
  const sitemap = await server.request(slug, '/sitemap.xml', { bare: true });
  expect(sitemap.status).toBe(200);
  return [...sitemap.body.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((match) => match[1] ?? '');
};

describe('/sitemap.xml lists the listings that show a car and no page behind a sign-in', () => {
  it('a listing by type is listed only when it has a car to show', async () => {
    const bayside = await locs('bayside-mazda');
    expect(bayside).toEqual(
      expect.arrayContaining(['/search', '/search/used-cars', '/search/new-used-and-demo-cars']),
    );
    for (const empty of ['/search/new-cars', '/search/demo-cars', '/search/new-and-demo-cars'])
      expect(bayside).not.toContain(empty);
    const metro = await locs('metro-used');
    expect(metro.filter((path) => path.startsWith('/search/'))).toEqual([]);
  });

  it('a leisure dealer’s caravans listing is listed; its motorcycles, none in stock, are not', async () => {
    const outback = await locs('outback-rv');
    expect(outback).toContain('/search/caravans');
    expect(outback).not.toContain('/search/motorcycles');
    expect(outback).toContain('/search/new-cars');
  });

  it('a route that asks an anonymous visitor to sign in first is left out', async () => {
    const harbour = await locs('harbour-auto-group');
    expect(harbour).not.toContain('/apply-for-finance');
    expect(harbour).toContain('/search/demo-cars');
    expect(await locs('metro-used')).toContain('/finance');
  });
});
