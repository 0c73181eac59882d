import { describe, expect, it } from 'vitest';
import type { Car } from '../../../domain/car.ts';
import { carKeywords, DEFAULT_SYNONYMS, seatWords, wordVariants } from '../../../domain/car-words.ts';
import { SearchIndexRegistry } from '../../../server/search/engine/registry.ts';
import { defineSearchIndices } from '../../../server/search/indices.ts';
import { dealershipNames, dealershipSynonyms, toCarRecord } from '../../../server/search/records.ts';
import { DEMO_TENANTS } from '../../../server/seed/demo-tenants.ts';
import { DEFAULT_SEED, generateDemoData } from '../../../server/seed/seed.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';

/*
 * Issue 37 item 2 "Search that knows car words": what a shopper types about a car finds the cars it
 * describes, on the demo dealers' seeded stock, through the embedded engine.
 */

const NOW = new Date('2026-11-01T00:00:00Z');
const cars = generateDemoData(DEMO_TENANTS, { seed: DEFAULT_SEED, now: NOW }).cars.filter(
  (car) => car.vehicle_kind === 'cars',
);
const sites = loadTenants();

function registryOf(configs: readonly SiteConfig[], stock: readonly Car[] = cars): SearchIndexRegistry {
  const registry = new SearchIndexRegistry();
  defineSearchIndices(registry);
  registry.replaceAll(
    'cars',
    stock.map((car) =>
      toCarRecord(car, { names: dealershipNames(configs), synonyms: dealershipSynonyms(configs) }),
    ),
  );
  return registry;
}

const registry = registryOf(sites);
const ids = (query: string, r = registry) =>
  new Set(r.search('cars', { query, hitsPerPage: 1000, attributesToRetrieve: ['id'] }).hits.map((h) => h.id));
const words = (text: string | null) => ` ${(text ?? '').toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
const has = (text: string | null, word: string) => words(text).includes(` ${word} `);
const model = (car: Car) => car.model.toLowerCase();
/** What the car's own words say: its fuel, body, drive, badge and model name. */
const says = (car: Car, pattern: RegExp) =>
  pattern.test(words(`${car.simple_fuel} ${car.simple_body} ${car.drive} ${car.badge} ${car.model}`));

/** Typed phrase → what a car it finds must be; every such car is found. */
const PHRASES: ReadonlyArray<[string, (car: Car) => boolean]> = [
  ['diesel', (c) => c.simple_fuel === 'Diesel'],
  ['hybrid', (c) => says(c, / (hybrid|phev) /)],
  ['electric', (c) => says(c, / (electric|ev|bev|ev\d) /)],
  ['plug-in hybrid', (c) => says(c, / (phev|plug in hybrid) /)],
  ['ute', (c) => c.simple_body === 'Ute'],
  ['pick-up', (c) => c.simple_body === 'Ute'],
  ['utility', (c) => c.simple_body === 'Ute'],
  ['SUV', (c) => c.simple_body === 'SUV'],
  ['wagon', (c) => c.simple_body === 'Wagon'],
  // `van` is the last word, so a prefix: a Vantage badge too.
  ['van', (c) => c.simple_body === 'Van' || c.simple_body === 'People Mover' || says(c, / van\w* /)],
  ['white', (c) => has(c.colour, 'white')],
  ['grey', (c) => has(c.colour, 'grey') || has(c.colour, 'gray')],
  ['manual', (c) => c.simple_transmission === 'Manual'],
  ['automatic', (c) => c.simple_transmission === 'Automatic'],
  ['4x4', (c) => /4x4|4wd/i.test(c.drive ?? '')],
  ['4WD', (c) => /4x4|4wd/i.test(c.drive ?? '')],
  ['four wheel drive', (c) => /4x4|4wd/i.test(c.drive ?? '')],
  ['AWD', (c) => says(c, / awd /)],
  ['7 seater', (c) => c.seats === 7],
  ['7-seater', (c) => c.seats === 7],
  ['cx5', (c) => model(c) === 'cx-5'],
  ['CX-5', (c) => model(c) === 'cx-5'],
  ['cx 5', (c) => model(c) === 'cx-5'],
  ['landcruiser', (c) => model(c).startsWith('landcruiser')],
  ['Land Cruiser', (c) => model(c).startsWith('landcruiser')],
  ['i30', (c) => model(c) === 'i30'],
  [
    'white ute diesel',
    (c) => has(c.colour, 'white') && c.simple_body === 'Ute' && c.simple_fuel === 'Diesel',
  ],
  ['diesl', (c) => c.simple_fuel === 'Diesel'],
];

describe('search that knows car words (issue 37 item 2)', () => {
  it.each(PHRASES)('"%s" finds the cars it describes, and only those', (phrase, describes) => {
    const expected = new Set(cars.filter(describes).map((car) => car.id));
    expect(expected.size).toBeGreaterThan(0);
    const result = registry.search('cars', {
      query: phrase,
      hitsPerPage: 1000,
      attributesToRetrieve: ['id'],
    });
    expect(result.nbHits).toBe(expected.size);
    for (const hit of result.hits) expect(expected.has(hit.id as number)).toBe(true);
  });

  it('writes a model name every way a shopper does', () => {
    expect(wordVariants('CX-5')).toEqual(expect.arrayContaining(['cx 5', 'cx5']));
    expect(wordVariants('LandCruiser 300')).toEqual(
      expect.arrayContaining(['land cruiser 300', 'landcruiser300']),
    );
    expect(wordVariants('i30')).toEqual(expect.arrayContaining(['i30', 'i 30']));
  });

  it('adds a synonym group only where one of its words is the car’s', () => {
    const ute = {
      make: 'Ford',
      model: 'Ranger',
      badge: 'XLT',
      series: null,
      body: 'Ute',
      fuel: 'Diesel',
      transmission: 'Automatic',
      drive: '4x4',
      colour: 'Arctic White',
      seats: 5,
    };
    const keywords = carKeywords(ute, DEFAULT_SYNONYMS);
    expect(keywords).toEqual(
      expect.arrayContaining(['utility', 'pickup', 'pick up', '4wd', 'four wheel drive', 'auto']),
    );
    expect(seatWords(5)).toEqual(['5seater', '5seats']);
    expect(keywords).not.toContain('hatchback');
    expect(keywords).not.toContain('5');
  });

  it('applies a dealer’s own synonyms to its cars only (site.json search.synonyms)', () => {
    const [first, ...others] = sites as [SiteConfig, ...SiteConfig[]];
    const own: SiteConfig = { ...first, search: { ...first.search, synonyms: [['cx5', 'family suv']] } };
    const withOwn = registryOf([own, ...others]);
    const firstIds = new Set(first.dealerships.map((d) => d.id));
    const found = ids('family suv', withOwn);
    const expected = cars.filter((c) => firstIds.has(c.dealership_id) && model(c) === 'cx-5');
    expect(found).toEqual(new Set(expected.map((c) => c.id)));
    // Another dealer's CX-5s are not found by the first dealer's words.
    const elsewhere = cars.filter((c) => !firstIds.has(c.dealership_id) && model(c) === 'cx-5');
    for (const car of elsewhere) expect(found.has(car.id)).toBe(false);
    expect(ids('family suv').size).toBe(0);
  });
});
