import { describe, expect, it } from 'vitest';
import {
  type FoundCar,
  type MoreCarsSearch,
  orderByViewed,
  otherViewed,
  pickSimilarCars,
  priceBand,
  RECENTLY_VIEWED_LIMIT,
  readRecentlyViewed,
  rememberViewed,
  SIMILAR_CARS_LIMIT,
} from '../../../domain/more-cars.ts';
import { recentCarsRequest, similarCarsRequests } from '../../../domain/more-cars-search.ts';

const car = (id: number, over: Partial<FoundCar> = {}): FoundCar => ({
  id,
  status: 'in_stock',
  sold: false,
  ...over,
});
const ids = (cars: readonly FoundCar[]) => cars.map((c) => c.id);

const search: MoreCarsSearch = {
  endpoint: { appId: 'forecourt', apiKey: 'key', host: 'localhost/search-api', protocol: 'http' },
  indexName: 'cars',
  listing: { nowSeconds: 1_790_000_000, newAndDemoOnly: true },
};

describe('similar cars (issue 37 item 7: same body and price band, then same make)', () => {
  it.each<[string, number | null, { min: number; max: number } | null]>([
    ['the band is ±20 % of the price', 30_000, { min: 24_000, max: 36_000 }],
    ['a band of cents is widened to whole dollars', 34_990, { min: 27_992, max: 41_988 }],
    ['a car without a price (POA) has no band', 0, null],
    ['a car with no price at all has no band', null, null],
  ])('%s', (_, price, band) => {
    expect(priceBand(price)).toEqual(band);
  });

  it('same body and price band first, then the same make, each car once, never the car itself', () => {
    const picked = pickSimilarCars(1, { alike: [car(2), car(1), car(3)], sameMake: [car(3), car(4)] });
    expect(ids(picked)).toEqual([2, 3, 4]);
  });

  it('sold and unavailable cars are left out', () => {
    const picked = pickSimilarCars(1, {
      alike: [car(2, { sold: true }), car(3, { status: 'coming_soon' }), car(4, { status: 'sold' })],
      sameMake: [car(5)],
    });
    expect(ids(picked)).toEqual([5]);
  });

  it(`at most ${SIMILAR_CARS_LIMIT}, the same make only filling what the band leaves`, () => {
    const alike = [2, 3, 4, 5].map((id) => car(id));
    const sameMake = [6, 7, 8, 9].map((id) => car(id));
    expect(ids(pickSimilarCars(1, { alike, sameMake }))).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('none found: nothing to show (the section is left out)', () => {
    expect(pickSimilarCars(1, { alike: [], sameMake: [car(1)] })).toEqual([]);
  });

  it('searches the body in the band and the make, in stock, of the listing’s types, without the car', () => {
    const { alike, sameMake } = similarCarsRequests({
      search,
      car: { id: 7, make: 'Mazda', body: 'SUV', price: 30_000 },
    });
    expect(alike?.state).toEqual({ body: ['SUV'], price: { min: 24_000, max: 36_000 } });
    expect(sameMake.state).toEqual({ make: ['Mazda'] });
    for (const request of [alike, sameMake]) {
      expect(request?.filters).toContain('status:in_stock');
      expect(request?.filters).toContain('(car_type:new OR car_type:demo)');
      expect(request?.filters).toMatch(/ AND id != 7$/);
      expect(request?.hitsPerPage).toBe(SIMILAR_CARS_LIMIT + 1);
    }
  });

  it('a car without a body type or a price is matched by its make only', () => {
    const noBody = similarCarsRequests({ search, car: { id: 7, make: 'Kia', body: null, price: 30_000 } });
    const noPrice = similarCarsRequests({ search, car: { id: 7, make: 'Kia', body: 'Ute', price: 0 } });
    expect(noBody.alike).toBeNull();
    expect(noPrice.alike).toBeNull();
    expect(noPrice.sameMake.state).toEqual({ make: ['Kia'] });
  });
});

describe('recently viewed (issue 37 item 7: kept in the browser)', () => {
  it('a viewed car goes first, once', () => {
    expect(rememberViewed([3, 2, 1], 2)).toEqual([2, 3, 1]);
    expect(rememberViewed([], 5)).toEqual([5]);
  });

  it(`keeps the last ${RECENTLY_VIEWED_LIMIT}, newest first`, () => {
    const full = Array.from({ length: RECENTLY_VIEWED_LIMIT }, (_, i) => RECENTLY_VIEWED_LIMIT - i);
    const after = rememberViewed(full, 99);
    expect(after).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(after[0]).toBe(99);
    expect(after).not.toContain(1);
  });

  it.each<[string, unknown, number[]]>([
    ['nothing stored', null, []],
    ['not a list', { ids: [1] }, []],
    ['a string', 'garbage', []],
    ['entries that are not car ids are dropped', [4, '5', -1, 0, 2.5, null, 3], [4, 3]],
    ['repeats are dropped, the first kept', [4, 3, 4], [4, 3]],
  ])('read back from storage: %s', (_, stored, expected) => {
    expect(readRecentlyViewed(stored)).toEqual(expected);
  });

  it('a long stored list is cut to the limit', () => {
    const stored = Array.from({ length: 40 }, (_, i) => i + 1);
    expect(readRecentlyViewed(stored)).toHaveLength(RECENTLY_VIEWED_LIMIT);
  });

  it('shows the viewed order, without the car on screen; cars no longer in stock silently drop out', () => {
    const viewed = otherViewed([5, 4, 3, 2, 1], 5);
    expect(viewed).toEqual([4, 3, 2, 1]);
    const found = [car(1), car(2, { sold: true }), car(4)];
    expect(ids(orderByViewed(viewed, found))).toEqual([4, 1]);
    expect(orderByViewed(viewed, found, 1)).toHaveLength(1);
  });

  it('looks the cars up by id, in stock only; no ids, no search', () => {
    const request = recentCarsRequest({ search, ids: [4, 3] });
    expect(request?.filters).toMatch(/status:in_stock.* AND \(id = 4 OR id = 3\)$/);
    expect(request?.hitsPerPage).toBe(2);
    expect(recentCarsRequest({ search, ids: [] })).toBeNull();
  });
});
