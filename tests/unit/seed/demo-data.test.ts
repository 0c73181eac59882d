import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Car } from '../../../domain/car.ts';
import { askingPrice, priceDisplay } from '../../../domain/car-price.ts';
import { FINANCE_PROVIDERS } from '../../../server/seed/car-finance.ts';
import { launchYear, type ModelSpec } from '../../../server/seed/catalog.ts';
import { CAR_MAKES } from '../../../server/seed/catalog-cars.ts';
import { CARAVAN_MAKES, MOTORCYCLE_MAKES } from '../../../server/seed/catalog-leisure.ts';
import { DEMO_TENANTS } from '../../../server/seed/demo-tenants.ts';
import { vehicleImage } from '../../../server/seed/images.ts';
import { generatePromotions, STOCKTAKE } from '../../../server/seed/promotions.ts';
import { generateDemoData } from '../../../server/seed/seed.ts';

const NOW = new Date('2025-06-01T02:00:00Z');
const DAY = 86_400_000;
const data = generateDemoData(DEMO_TENANTS, { seed: 42, now: NOW });
const cars = data.cars;
const some = (test: (car: Car) => boolean) => cars.some(test);
const values = <T>(pick: (car: Car) => T) => new Set(cars.map(pick));
const tenantOf = (car: Car) =>
  DEMO_TENANTS.find((t) => t.dealerships.some((d) => d.id === car.dealership_id));

describe('demo stock is deterministic', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives identical data for the same seed and now, whatever the clock says', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-03T00:00:00Z'));
    const again = generateDemoData(DEMO_TENANTS, { seed: 42, now: NOW });
    expect(JSON.stringify(again)).toBe(JSON.stringify(data));
  });

  it('gives different stock for another seed', () => {
    const other = generateDemoData(DEMO_TENANTS, { seed: 43, now: NOW });
    expect(other.cars.map((c) => c.price)).not.toEqual(cars.map((c) => c.price));
  });

  it('moves every date with now and keeps everything else', () => {
    const later = generateDemoData(DEMO_TENANTS, { seed: 42, now: new Date(NOW.getTime() + DAY) });
    later.cars.forEach((car, i) => {
      const before = cars[i] as Car;
      expect(Date.parse(car.created_at) - Date.parse(before.created_at)).toBe(DAY);
      expect({ ...car, created_at: 0, sold_at: 0, rego_expiry: 0 }).toEqual({
        ...before,
        created_at: 0,
        sold_at: 0,
        rego_expiry: 0,
      });
    });
  });
});

describe('demo stock covers issue 3 item 3', () => {
  it('has at least 2,000 vehicles with 240 or more per demo dealer', () => {
    expect(cars.length).toBeGreaterThanOrEqual(2000);
    for (const tenant of DEMO_TENANTS) {
      const ids = tenant.dealerships.map((d) => d.id);
      expect(cars.filter((c) => ids.includes(c.dealership_id)).length, tenant.slug).toBeGreaterThanOrEqual(
        240,
      );
      for (const id of ids)
        expect(cars.filter((c) => c.dealership_id === id).length).toBeGreaterThanOrEqual(100);
    }
  });

  it('uses unique ids, and slugs unique within each tenant', () => {
    expect(values((c) => c.id).size).toBe(cars.length);
    expect(values((c) => `${tenantOf(c)?.slug}/${c.slug}`).size).toBe(cars.length);
  });

  it('is realistic: many makes, models, badges, series, years, km, prices and colours', () => {
    expect(values((c) => c.make).size).toBeGreaterThanOrEqual(25);
    expect(values((c) => `${c.make} ${c.model}`).size).toBeGreaterThanOrEqual(100);
    expect(cars.filter((c) => c.badge).length / cars.length).toBeGreaterThan(0.95);
    expect(values((c) => c.series).size).toBeGreaterThan(50);
    const years = [...values((c) => c.year)];
    expect(Math.max(...years) - Math.min(...years)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...cars.map((c) => c.km))).toBeGreaterThan(150_000);
    const prices = cars.map((c) => c.price).filter((p) => p > 0);
    expect(Math.min(...prices)).toBeLessThan(10_000);
    expect(Math.max(...prices)).toBeGreaterThan(100_000);
    expect(values((c) => c.colour).size).toBeGreaterThanOrEqual(12);
    expect(values((c) => c.state)).toEqual(new Set(['QLD', 'NSW', 'VIC']));
  });

  it('has petrol, diesel, hybrid, plug-in and electric fuels', () => {
    for (const fuel of ['Petrol', 'Diesel', 'Hybrid', 'Plug-in Hybrid', 'Electric'])
      expect(values((c) => c.simple_fuel)).toContain(fuel);
  });

  it('has new, used and demo cars; in stock, coming soon and sold ones', () => {
    expect(values((c) => c.car_type)).toEqual(new Set(['new', 'used', 'demo']));
    expect(values((c) => c.status)).toEqual(new Set(['in_stock', 'coming_soon', 'sold']));
  });

  it('has cars sold within the last 3 days and earlier, with consistent sold fields (spec §4)', () => {
    const soldAgo = (c: Car) => NOW.getTime() - Date.parse(c.sold_at ?? '');
    expect(some((c) => c.status === 'sold' && soldAgo(c) > 0 && soldAgo(c) < 3 * DAY)).toBe(true);
    expect(some((c) => c.status === 'sold' && soldAgo(c) > 3 * DAY)).toBe(true);
    for (const car of cars) {
      expect(car.sold).toBe(car.status === 'sold');
      expect(car.sold_at !== null).toBe(car.status === 'sold');
      expect(Date.parse(car.created_at)).toBeLessThanOrEqual(NOW.getTime());
      if (car.sold_at) expect(Date.parse(car.created_at)).toBeLessThan(Date.parse(car.sold_at));
    }
    expect(some((c) => !c.show_on_dealer_website)).toBe(true);
  });

  it('has reserved, certified (Mazda and Toyota used), custom-tagged and recently arrived cars', () => {
    expect(some((c) => c.reserved && c.status !== 'sold')).toBe(true);
    expect(cars.filter((c) => c.certified).every((c) => c.car_type === 'used')).toBe(true);
    expect(some((c) => c.certified && c.make === 'Mazda')).toBe(true);
    expect(some((c) => c.certified && c.make === 'Toyota')).toBe(true);
    expect(values((c) => c.tag)).toContain('Test Drive Only');
    expect(values((c) => c.tag).size).toBeGreaterThan(5);
    expect(some((c) => c.status === 'in_stock' && NOW.getTime() - Date.parse(c.created_at) < 8 * DAY)).toBe(
      true,
    );
  });

  it('has subscription and preorder prices, reductions and before_price below price (spec §4 price display)', () => {
    expect(some((c) => (c.subscription_price ?? 0) > 0)).toBe(true);
    expect(some((c) => c.preorder && c.price === 0)).toBe(true);
    expect(some((c) => c.before_price !== null && c.before_price > c.price)).toBe(true);
    expect(some((c) => c.before_price !== null && c.before_price < c.price)).toBe(true);
    expect(some((c) => c.offer_price !== null)).toBe(true);
  });

  it('has caravans with specifications in feet and motorcycles', () => {
    const caravans = cars.filter((c) => c.vehicle_kind === 'caravans');
    expect(caravans.length).toBeGreaterThan(50);
    for (const caravan of caravans) {
      expect(caravan.specifications?.body_length).toBeGreaterThanOrEqual(10);
      expect(caravan.specifications?.body_length).toBeLessThanOrEqual(30);
      expect(caravan.specifications?.body_width).toBeLessThan(9);
    }
    expect(cars.filter((c) => c.vehicle_kind !== 'caravans').every((c) => c.specifications === null)).toBe(
      true,
    );
    expect(cars.filter((c) => c.vehicle_kind === 'motorcycles').length).toBeGreaterThan(50);
  });

  it('has lender entries of every provider, some empty and some without rates (spec §5)', () => {
    const entries = cars.flatMap((c) => Object.entries(c.finance_lenders));
    expect(new Set(entries.map(([provider]) => provider))).toEqual(new Set(FINANCE_PROVIDERS));
    expect(entries.some(([, e]) => Object.keys(e).length === 0)).toBe(true);
    expect(
      entries.some(([, e]) => e.interestRate === null && e.comparisonRate === null && e.paymentWeek),
    ).toBe(true);
    expect(
      entries.some(([, e]) => typeof e.interestRate === 'number' && typeof e.comparisonRate === 'number'),
    ).toBe(true);
  });

  it('has market prices with some cars below market (spec §5 below-market badge)', () => {
    const below = (c: Car) => {
      const a = c.autograb_data;
      const market = a?.state_average_market_price ?? a?.average_market_price;
      return market != null && market - c.price > 499 && c.price < (a?.state_average_market_price ?? 0);
    };
    expect(some(below)).toBe(true);
    expect(some((c) => c.autograb_data !== null && !below(c))).toBe(true);
  });

  it('has dealer comments with pipes, some over 400 characters and some empty (spec §5)', () => {
    expect(some((c) => c.dealercomments.includes('|'))).toBe(true);
    expect(some((c) => c.dealercomments.length > 400)).toBe(true);
    expect(some((c) => c.dealercomments === '')).toBe(true);
  });

  it('has pictures for every body and colour it uses, and some cars without pictures', () => {
    const urls = values((c) => c.primary_image_url);
    for (const url of [...urls, ...values((c) => c.thumbnails[0] ?? null)]) {
      if (url) expect(vehicleImage(url), url).toMatch(/^<svg /);
    }
    expect(new Set([...urls].map((u) => u?.split('/').pop()?.split('-')[0])).size).toBeGreaterThanOrEqual(10);
    expect(some((c) => c.images.length === 0)).toBe(true);
    expect(some((c) => c.images.length > 2)).toBe(true);
  });

  it('has make logos (some null) and models with body categories and statuses', () => {
    const logos = data.makes.map((m) => m.logo.url);
    expect(logos).toContain(null);
    for (const url of logos) if (url) expect(vehicleImage(url)).toMatch(/^<svg /);
    const statuses = new Set(data.models.map((m) => m.status));
    expect(statuses).toContain('new');
    expect(statuses).toContain('coming_soon');
    const categories = new Set(
      data.models.flatMap((m) => [m.manufacturer_body, m.manufacturer_body2, m.manufacturer_body3]),
    );
    for (const category of ['SUVs', 'Utes', 'Cars', 'Hybrids', 'Sports'])
      expect(categories).toContain(category);
  });

  it('gives the group about 450 reviews averaging about 4.7 and the others fewer (spec §3 Review)', () => {
    const reviewsOf = (siteId: number) => data.reviews.filter((r) => r.site_id === siteId);
    const harbour = reviewsOf(102);
    expect(harbour.length).toBeGreaterThanOrEqual(440);
    expect(harbour.length).toBeLessThanOrEqual(460);
    const average = harbour.reduce((sum, r) => sum + r.rating, 0) / harbour.length;
    expect(average).toBeGreaterThan(4.6);
    expect(average).toBeLessThan(4.8);
    for (const id of [101, 103, 104]) expect(reviewsOf(id).length).toBeLessThan(harbour.length);
  });

  it('has current, expired and future promotions and the stocktake sale (spec §9)', () => {
    const now = NOW.getTime();
    const promos = data.promotions;
    expect(promos.some((p) => Date.parse(p.start_at) <= now && Date.parse(p.expires_at) > now)).toBe(true);
    expect(promos.some((p) => Date.parse(p.expires_at) <= now)).toBe(true);
    expect(promos.some((p) => Date.parse(p.start_at) > now)).toBe(true);
    expect(
      promos.filter((p) => p.title === 'Stocktake Sale').map((p) => [p.start_at, p.expires_at]),
    ).toContainEqual([STOCKTAKE.start_at, STOCKTAKE.expires_at]);
    expect(Date.parse(STOCKTAKE.start_at)).toBe(Date.parse('2024-12-31T14:00:00Z'));
    expect(promos.some((p) => p.dealership_ids.length === 1)).toBe(true);
  });
});

describe('demo stock is coherent (issue 31 item 21)', () => {
  const history = new Map<number, { price: number; at: string }[]>();
  for (const point of data.priceHistory)
    history.set(point.car_id, [...(history.get(point.car_id) ?? []), point]);

  it('a was-price is the price the car’s history shows before its asking price, and only a repriced car has a history', () => {
    let withWasPrice = 0;
    for (const car of cars) {
      const points = history.get(car.id) ?? [];
      const shown = priceDisplay(car);
      const was = shown.kind === 'price' ? shown.wasText : null;
      if (was !== null) withWasPrice += 1;
      if (car.before_price === null || car.before_price === askingPrice(car)) {
        expect(points, car.slug).toEqual([]);
        continue;
      }
      expect(
        points.map((point) => point.price),
        car.slug,
      ).toEqual([car.before_price, askingPrice(car)]);
      const [listed, changed] = points.map((point) => Date.parse(point.at));
      const end = car.sold_at === null ? NOW.getTime() : Date.parse(car.sold_at);
      expect(listed, car.slug).toBe(Date.parse(car.created_at));
      expect(changed, car.slug).toBeGreaterThan(listed ?? 0);
      expect(changed, car.slug).toBeLessThan(end);
    }
    // About one car in eight was reduced, many of them lately: the pages and the sort have drops to show.
    expect(withWasPrice / cars.length).toBeGreaterThan(0.08);
    const recent = [...history.values()].filter(
      ([first, last]) =>
        first && last && last.price < first.price && NOW.getTime() - Date.parse(last.at) < 30 * DAY,
    );
    expect(recent.length).toBeGreaterThan(50);
  });

  it('no car is older than its model: no 2017 IONIQ 5 or bZ4X', () => {
    const models = new Map<string, ModelSpec>();
    for (const make of [...CAR_MAKES, ...CARAVAN_MAKES, ...MOTORCYCLE_MAKES])
      for (const model of make.models) models.set(`${make.name} ${model.n}`, model);
    const tooOld = cars.filter((car) => {
      const model = models.get(`${car.make} ${car.model}`);
      if (!model) throw new Error(`${car.make} ${car.model} is not in the catalogue`);
      // A model not launched yet is listed as coming soon, in the year it is ordered.
      const comingSoon = model.y > NOW.getUTCFullYear();
      return !comingSoon && car.year < launchYear(model);
    });
    expect(tooOld.map((car) => car.name)).toEqual([]);
    // The catalogue's launch years, where the issue found cars before them.
    const first = (name: string) => {
      const model = models.get(name);
      return model ? launchYear(model) : null;
    };
    expect(first('Hyundai IONIQ 5')).toBe(2021);
    expect(first('Toyota bZ4X')).toBe(2022);
    expect(cars.some((car) => car.model === 'IONIQ 5' && car.car_type === 'used')).toBe(true);
  });

  it('a promotion named for a season runs in that season, whenever the demo starts; none leads back to the offers', () => {
    const seasonOfMonth = [
      'Summer',
      'Summer',
      'Autumn',
      'Autumn',
      'Autumn',
      'Winter',
      'Winter',
      'Winter',
    ].concat(['Spring', 'Spring', 'Spring', 'Summer']);
    for (let month = 0; month < 12; month++) {
      const now = new Date(Date.UTC(2026, month, 15, 2));
      for (const promotion of generatePromotions(DEMO_TENANTS, { seed: 42, now })) {
        expect(promotion.title).not.toMatch(/Easter|Christmas/);
        const season = /^(Summer|Autumn|Winter|Spring) /.exec(promotion.title)?.[1];
        if (season) {
          const middle = (Date.parse(promotion.start_at) + Date.parse(promotion.expires_at)) / 2;
          const brisbane = new Date(middle + 10 * 3_600_000);
          expect(seasonOfMonth[brisbane.getUTCMonth()], `${promotion.title} in ${now.toISOString()}`).toBe(
            season,
          );
        }
        expect(['/special-offers', '/offers'], promotion.title).not.toContain(promotion.link);
      }
    }
  });
});
