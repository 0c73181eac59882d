import { describe, expect, it } from 'vitest';
import type { CarInput } from '../../../domain/car.ts';
import { CAR_HIT_ATTRIBUTES, carHitSchema } from '../../../domain/search-result.ts';
import { SearchIndexRegistry } from '../../../server/search/engine/registry.ts';
import { CarSearchRecord, defineSearchIndices } from '../../../server/search/indices.ts';
import { dealershipNames, PriceRatingBook, toCarRecord } from '../../../server/search/records.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { sampleCar } from '../store/sample-car.ts';

/*
 * Issue 37 item 4 "Deal signals on cards" (decision 130): the search records carry each car's last
 * price drop with its amount and its price rating against comparable cars of its own site's stock,
 * worked out over the whole stock, and kept right when some cars change.
 */

const sites = loadTenants();
const names = dealershipNames(sites);
const bayside = { dealership_id: 1011, dealership_slug: 'bayside-mazda' };
const harbour = { dealership_id: 1021, dealership_slug: 'harbour-toyota' };
const record = (id: number, overrides: Partial<CarInput> = {}) =>
  toCarRecord(sampleCar(id, { ...bayside, ...overrides }), { names });

/** Four Mazda CX-5s at Bayside: one at $27,000 and three at $31,990 (their median). */
const stock = () => [record(1, { price: 27_000 }), record(2), record(3), record(4)];

describe('deal signals in the search records (issue 37 item 4)', () => {
  it('a car whose last price change was a drop carries when and by how much', () => {
    const car = sampleCar(9, bayside);
    const at = '2026-11-20T00:00:00.000Z';
    const dropped = toCarRecord(car, { names, drops: new Map([[9, { at, amount: 1_500 }]]) });
    expect(CarSearchRecord.parse(dropped)).toMatchObject({
      price_dropped_at: Date.parse(at) / 1000,
      price_drop_amount: 1_500,
    });
    expect(toCarRecord(car, { names })).not.toHaveProperty('price_drop_amount');
  });

  it('a whole load rates each car against its own site’s comparables', () => {
    const rated = new PriceRatingBook(sites).rateAll([
      ...stock(),
      // The same car at another dealer site is not one of Bayside's comparables.
      record(5, { ...harbour, price: 10_000 }),
    ]);
    const byId = new Map(rated.map((r) => [r.id, r]));
    expect(byId.get(1)?.price_rating).toEqual({
      level: 'great',
      median: 31_990,
      comparables: 3,
      difference: -0.156,
    });
    expect(byId.get(2)?.price_rating).toMatchObject({ level: 'fair', comparables: 3 });
    expect(byId.get(5)?.price_rating).toBeUndefined();
    for (const r of rated) CarSearchRecord.parse(r);
  });

  it('too few comparables: no rating', () => {
    const rated = new PriceRatingBook(sites).rateAll(stock().slice(0, 3));
    expect(rated.map((r) => r.price_rating)).toEqual([undefined, undefined, undefined]);
  });

  it('a change to one car re-rates the others it was a comparable of', () => {
    const book = new PriceRatingBook(sites);
    book.rateAll(stock());
    // Car 4 is sold from the console: the other three lose a comparable, and with it their rating.
    const sold = book.rateSome([record(4, { sold: true, status: 'sold' })]);
    expect(sold.records[0]?.price_rating).toBeUndefined();
    expect(sold.alsoChanged.sort()).toEqual([1, 2, 3]);
    expect(book.rated([record(1, { price: 27_000 })])[0]?.price_rating).toBeUndefined();
    // A reservation changes nothing a rating reads: nobody else changes.
    const back = book.rateSome([record(4)]);
    expect(back.alsoChanged.sort()).toEqual([1, 2, 3]);
    expect(book.rateSome([record(4, { reserved: true })]).alsoChanged).toEqual([]);
  });

  it('the listing receives the signals: the embedded index answers them and a card hit parses them', () => {
    const registry = new SearchIndexRegistry();
    defineSearchIndices(registry);
    registry.replaceAll('cars', new PriceRatingBook(sites).rateAll(stock()));
    const hit = registry.search('cars', {
      filters: 'id = 1',
      attributesToRetrieve: [...CAR_HIT_ATTRIBUTES],
    }).hits[0];
    expect(carHitSchema.parse(hit).price_rating).toMatchObject({ level: 'great', comparables: 3 });
  });
});
