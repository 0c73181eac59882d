import { describe, expect, it } from 'vitest';
import type { CarType } from '../../../domain/car.ts';
import { isCarListed } from '../../../domain/car-availability.ts';
import {
  CAR_TYPE_ORDER,
  carTypesPhrase,
  displayedStockCount,
  isInListing,
  type ListingItem,
  lastPageLinkText,
  listingNounKind,
  listingTypeLabel,
  makesOfModels,
  modelLabels,
  noResultsText,
  pastLastPageText,
  type SearchPageMetaInput,
  type StockFilterInput,
  searchPageMeta,
  showMeLabel,
  sortByCarType,
  sortOptions,
  stockFilter,
  withPromoCards,
} from '../../../domain/search-listing.ts';
import { SearchIndexRegistry } from '../../../server/search/engine/registry.ts';
import { CAR_REPLICAS, defineSearchIndices } from '../../../server/search/indices.ts';
import { generateCarRecords } from '../../fixtures/search-records.ts';

const DAY = 86_400;
const NOW = 1_750_000_000;

describe('search listing (search-detail-finance-watchlist.md §2, §4, §9)', () => {
  it.each<[string, Parameters<typeof displayedStockCount>[0], number]>([
    ['§9 stock count: 1999 stays', { count: 1999, configured: 2400 }, 1999],
    ['§9 stock count: 2000 is replaced by the configured count', { count: 2000, configured: 2400 }, 2400],
    [
      '§9 stock count: without a configured count, the summed facet counts',
      { count: 5000, facetCounts: { new: 300, demo: 50, used: 1800 } },
      2150,
    ],
    [
      '§9 stock count: the configured count wins over the facet counts',
      { count: 5000, configured: 2400, facetCounts: { used: 10 } },
      2400,
    ],
    ['§9 stock count: neither: the count stays', { count: 5000, configured: null, facetCounts: {} }, 5000],
    ['§9 stock count: a small count ignores the facet counts', { count: 12, facetCounts: { used: 99 } }, 12],
  ])('%s', (_name, input, expected) => {
    expect(displayedStockCount(input)).toBe(expected);
  });

  it.each<[string, string[], string[]]>([
    ['§9 Car type order: new, demo, used', ['used', 'new', 'demo'], ['new', 'demo', 'used']],
    [
      '§9 Car type order: case-insensitive, unknown values last',
      ['Used', 'other', 'New'],
      ['New', 'Used', 'other'],
    ],
    ['§9 Car type order: already ordered stays', ['new', 'demo', 'used'], ['new', 'demo', 'used']],
  ])('%s', (_name, values, expected) => {
    expect(sortByCarType(values, (v) => v)).toEqual(expected);
    expect(CAR_TYPE_ORDER).toEqual(['new', 'demo', 'used']);
  });

  const hits = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
  const render = (items: ListingItem<number, string>[]): string =>
    items.map((item) => (item.kind === 'hit' ? String(item.hit) : item.promo)).join(',');
  it.each<[string, number, string[], string]>([
    [
      '§2 promotional cards: the 8th and 17th tiles of a full page',
      21,
      ['A', 'B'],
      '1,2,3,4,5,6,7,A,8,9,10,11,12,13,14,15,B,16,17,18,19,20,21',
    ],
    [
      '§2 promotional cards: one promotion takes position 8 only',
      21,
      ['A'],
      '1,2,3,4,5,6,7,A,8,9,10,11,12,13,14,15,16,17,18,19,20,21',
    ],
    ['§2 promotional cards: no promotions, no change', 9, [], '1,2,3,4,5,6,7,8,9'],
    ['§2 promotional cards: 7 hits put the first promotion last', 7, ['A', 'B'], '1,2,3,4,5,6,7,A'],
    ['§2 promotional cards: 6 hits are too few for position 8', 6, ['A', 'B'], '1,2,3,4,5,6'],
    [
      '§2 promotional cards: 15 hits reach position 17 exactly',
      15,
      ['A', 'B'],
      '1,2,3,4,5,6,7,A,8,9,10,11,12,13,14,15,B',
    ],
    ['§2 promotional cards: no hits, no promotions', 0, ['A', 'B'], ''],
  ])('%s', (_name, count, promos, expected) => {
    expect(render(withPromoCards(hits(count), promos))).toBe(expected);
  });

  it.each<[string, CarType[] | null, number, string]>([
    ["§2 'Show Me {count} {type}': used cars", ['used'], 120, 'Show Me 120 Used Cars'],
    ["§2 'Show Me {count} {type}': comma thousands", null, 2400, 'Show Me 2,400 Cars'],
    ["§2 'Show Me {count} {type}': every type reads Cars", ['new', 'demo', 'used'], 3, 'Show Me 3 Cars'],
    ["§2 'Show Me {count} {type}': new and demo", ['demo', 'new'], 40, 'Show Me 40 New and Demo Cars'],
    ["§2 'Show Me {count} {type}': one car", ['new'], 1, 'Show Me 1 New Car'],
    ["§2 'Show Me {count} {type}': none", [], 0, 'Show Me 0 Cars'],
  ])('%s', (_name, carTypes, count, label) => {
    expect(showMeLabel(count, listingTypeLabel(carTypes, count))).toBe(label);
  });

  it("§2 'Show Me {count} {type}': caravans on a leisure site", () => {
    expect(showMeLabel(12, listingTypeLabel(['used'], 12, 'caravans'))).toBe('Show Me 12 Used Caravans');
    expect(carTypesPhrase(['used', 'new'])).toBe('new and used');
  });

  it('locations-forms-tradein-site.md §9 sort options, and recent price drops (issue 19): the replicas the search index creates', () => {
    expect(sortOptions().map((o) => [o.label, o.indexName])).toEqual([
      ['Most relevant', 'cars'],
      ['Latest', CAR_REPLICAS.latest],
      ['Highest price', CAR_REPLICAS.priceDesc],
      ['Lowest price', CAR_REPLICAS.priceAsc],
      ['Recent price drops', CAR_REPLICAS.priceDrop],
    ]);
  });

  const start = NOW - 3 * DAY;
  const base = `show_on_dealer_website:true AND (status:in_stock OR status:coming_soon OR status:sold) AND NOT sold_at < ${start}`;
  it.each<[string, Partial<StockFilterInput>, string]>([
    ['§4 stock filter: in stock or coming soon, or sold within 3 days, on the dealer website', {}, base],
    [
      '§4 stock filter: a configured window of 7 days',
      { soldWindowDays: 7 },
      base.replace(String(start), String(NOW - 7 * DAY)),
    ],
    [
      '§4 stock filter: a 0-day window lists no sold car',
      { soldWindowDays: 0 },
      `show_on_dealer_website:true AND (status:in_stock OR status:coming_soon) AND NOT sold_at < ${NOW}`,
    ],
    [
      '§9 Search filter presets: in stock only',
      { inStockOnly: true },
      'show_on_dealer_website:true AND status:in_stock',
    ],
    [
      '§9 Search filter presets: new and demo only',
      { newAndDemoOnly: true },
      `${base} AND (car_type:new OR car_type:demo)`,
    ],
    [
      '§9 Search filter presets: a listing route replaces the new-and-demo preset',
      { newAndDemoOnly: true, routeCarTypes: ['used'] },
      `${base} AND (car_type:used)`,
    ],
    [
      '§9 Search filter presets: a route listing every type sets no car type',
      { newAndDemoOnly: true, routeCarTypes: ['new', 'demo', 'used'] },
      base,
    ],
    ['§9 Search filter presets: no preset, no route: no car type', { routeCarTypes: null }, base],
  ])('%s', (_name, input, expected) => {
    expect(stockFilter({ nowSeconds: NOW, ...input })).toBe(expected);
  });

  it('§4 stock filter: the search engine lists exactly the cars isCarListed lists', () => {
    const records = [
      ...generateCarRecords(900, 11),
      ...generateCarRecords(3, 12).map((r, i) => ({
        ...r,
        objectID: `edge-${i}`,
        status: ['sold', 'in_stock', 'archived'][i] as string,
        sold_at: [null, NOW - 10 * DAY, null][i] ?? null,
      })),
    ];
    const registry = new SearchIndexRegistry();
    defineSearchIndices(registry);
    registry.replaceAll('cars', records);
    const now = Math.max(...records.map((r) => r.sold_at ?? 0)) - 10 * DAY;
    for (const days of [0, 3, 30]) {
      const filters = stockFilter({ nowSeconds: now, soldWindowDays: days });
      const found = registry.search('cars', {
        filters,
        hitsPerPage: 1000,
        attributesToRetrieve: ['objectID'],
      });
      const expected = records.filter((r) => isCarListed(r, now, days)).map((r) => r.objectID);
      expect(found.hits.map((h) => h.objectID).sort()).toEqual(expected.sort());
      expect(expected.some((id) => records.find((r) => r.objectID === id)?.status === 'sold')).toBe(days > 0);
    }
  });

  it('the sitemap’s isInListing keeps the cars the search filter lists, by route car types and presets', () => {
    const records = generateCarRecords(600, 13);
    const registry = new SearchIndexRegistry();
    defineSearchIndices(registry);
    registry.replaceAll('cars', records);
    const now = Math.max(...records.map((r) => r.sold_at ?? 0)) - 2 * DAY;
    for (const input of [
      { routeCarTypes: ['used'] as CarType[] },
      { newAndDemoOnly: true },
      { inStockOnly: true, routeCarTypes: ['new', 'demo'] as CarType[] },
      {},
    ]) {
      const rule: StockFilterInput = { nowSeconds: now, ...input };
      const found = registry.search('cars', {
        filters: stockFilter(rule),
        hitsPerPage: 1000,
        attributesToRetrieve: ['objectID'],
      });
      const expected = records.filter((r) => isInListing(r, rule)).map((r) => r.objectID);
      expect(found.hits.map((h) => h.objectID).sort()).toEqual(expected.sort());
    }
  });

  it.each<[string, Parameters<typeof listingNounKind>[0], string]>([
    ['a refined vehicle kind', { refined: 'caravans', siteKinds: ['cars', 'caravans'] }, 'caravans'],
    [
      'the one kind the results hold',
      { kindCounts: { motorcycles: 4 }, siteKinds: ['cars', 'motorcycles'] },
      'motorcycles',
    ],
    [
      'several kinds are vehicles',
      { kindCounts: { cars: 5, caravans: 2 }, siteKinds: ['cars', 'caravans'] },
      'vehicles',
    ],
    ['a site of several kinds, uncounted', { siteKinds: ['cars', 'caravans', 'motorcycles'] }, 'vehicles'],
    ['a site of cars only', { siteKinds: ['cars'] }, 'cars'],
  ])('what a listing calls its stock (issue 31 item 21): %s', (_name, input, kind) => {
    expect(listingNounKind(input)).toBe(kind);
  });

  it("§2 'Show Me {count} {type}': a leisure dealer's mixed stock reads Vehicles", () => {
    expect(showMeLabel(118, listingTypeLabel(null, 118, 'vehicles'))).toBe('Show Me 118 Vehicles');
    expect(listingTypeLabel(['used'], 1, 'vehicles')).toBe('Used Vehicle');
  });

  it('models are named with their make when the listed models are of several makes (issue 31 item 19)', () => {
    const makeOf = makesOfModels(
      ['CX-5', 'Corolla', 'Omoda 5', '5', 'Ranger'],
      ['Mazda CX-5', 'Toyota Corolla', 'Chery Omoda 5', 'Ford Ranger', 'Ranger Ranger', 'Zed 5'],
    );
    expect(makeOf).toEqual({ 'CX-5': 'Mazda', Corolla: 'Toyota', 'Omoda 5': 'Chery', '5': 'Zed' });
    expect(modelLabels(['CX-5', 'Corolla', 'Ranger'], makeOf)).toEqual({
      'CX-5': 'Mazda CX-5',
      Corolla: 'Toyota Corolla',
      Ranger: 'Ranger',
    });
    expect(modelLabels(['CX-5'], makeOf)).toEqual({ 'CX-5': 'CX-5' });
  });

  it('an empty listing and a page past the end say so (issue 31 item 21)', () => {
    expect(noResultsText('New and Demo Cars')).toBe('No new and demo cars match your search.');
    expect(pastLastPageText(1200, 5)).toBe('There is no page 1,200 of these results; they end on page 5.');
    expect(lastPageLinkText(5)).toBe('Go to page 5');
  });

  const meta: SearchPageMetaInput = { state: {}, place: 'Brisbane', siteName: 'Metro Used' };
  it.each<[string, Partial<SearchPageMetaInput>, string, string]>([
    [
      '§2 listing titles: used Toyota cars',
      { routeCarTypes: ['used'], state: { make: ['Toyota'] } },
      'Used Toyota cars for sale in Brisbane',
      'Browse used Toyota cars for sale in Brisbane at Metro Used.',
    ],
    [
      '§2 listing titles: a car_type refinement narrows the route',
      { routeCarTypes: ['new', 'demo'], state: { car_type: 'demo' } },
      'Demo cars for sale in Brisbane',
      'Browse demo cars for sale in Brisbane at Metro Used.',
    ],
    [
      '§2 listing titles: make, model and count',
      { state: { make: ['Toyota'], model: ['Corolla'] }, count: 1234 },
      'Toyota Corolla cars for sale in Brisbane',
      'Browse 1,234 Toyota Corolla cars for sale in Brisbane at Metro Used.',
    ],
    [
      '§2 listing titles: a model without its one make is left out',
      { state: { make: ['Toyota', 'Mazda'], model: ['Corolla'] } },
      'Cars for sale in Brisbane',
      'Browse cars for sale in Brisbane at Metro Used.',
    ],
    [
      '§2 listing titles: a body and a refined city',
      { state: { body: ['SUV'], city: ['Cairns'] }, count: 1 },
      'SUV cars for sale in Cairns',
      'Browse 1 SUV car for sale in Cairns at Metro Used.',
    ],
    [
      '§2 listing titles: every type reads as cars',
      { routeCarTypes: ['new', 'demo', 'used'] },
      'Cars for sale in Brisbane',
      'Browse cars for sale in Brisbane at Metro Used.',
    ],
    [
      '§2 listing titles: caravans',
      { routeCarTypes: ['new'], kind: 'caravans' },
      'New caravans for sale in Brisbane',
      'Browse new caravans for sale in Brisbane at Metro Used.',
    ],
  ])('%s', (_name, input, heading, description) => {
    const result = searchPageMeta({ ...meta, ...input });
    expect(result).toEqual({ heading, title: `${heading} | Metro Used`, description });
  });
});
