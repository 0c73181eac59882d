import { describe, expect, it } from 'vitest';
import {
  CAR_TAG_TEXT,
  type CarTagFacts,
  type CarTagOptions,
  carTag,
  fuelTypeTag,
  isRecentlyCreated,
} from '../../../domain/car-tag.ts';

const DAY = 86_400;
const NOW = 1_750_000_000;
const iso = (seconds: number): string => new Date(seconds * 1000).toISOString();

const car: CarTagFacts = {
  make: 'Mazda',
  tag: null,
  reserved: false,
  certified: false,
  car_type: 'used',
  status: 'in_stock',
  sold: false,
  fuel: 'Petrol',
  simple_fuel: 'Petrol',
  created_at: iso(NOW - 30 * DAY),
};
const site: CarTagOptions = { nowSeconds: NOW, fuelTypeTagEnabled: false, certifiedUsedEnabled: false };
const everything: Partial<CarTagFacts> = {
  fuel: 'Electric',
  simple_fuel: 'Electric',
  reserved: true,
  certified: true,
  tag: 'Low km',
  status: 'coming_soon',
  created_at: iso(NOW - DAY),
};
const allOn: Partial<CarTagOptions> = { fuelTypeTagEnabled: true, certifiedUsedEnabled: true };

describe('car tag (search-detail-finance-watchlist.md §4 Car tag precedence)', () => {
  it.each<[string, Partial<CarTagFacts>, Partial<CarTagOptions>, ReturnType<typeof carTag>]>([
    [
      '§4 Car tag precedence: a sold car shows JUST SOLD',
      { status: 'sold' },
      {},
      { kind: 'sold', label: 'JUST SOLD' },
    ],
    [
      '§4 Car tag precedence: the sold flag also means not for sale',
      { sold: true },
      {},
      { kind: 'sold', label: 'JUST SOLD' },
    ],
    [
      '§4 Car tag precedence: the sold tag beats every other tag',
      { ...everything, status: 'sold' },
      allOn,
      { kind: 'sold', label: 'JUST SOLD' },
    ],
    [
      '§4 Car tag precedence: the site text replaces JUST SOLD',
      { status: 'sold' },
      { texts: { tag_sold: 'SOLD' } },
      { kind: 'sold', label: 'SOLD' },
    ],
    [
      '§4 Car tag precedence 1: Electric fuel tag wins when enabled',
      everything,
      allOn,
      { kind: 'fuel', label: 'Electric' },
    ],
    [
      '§4 Car tag precedence 1: Hybrid fuel tag wins when enabled',
      { ...everything, fuel: 'Hybrid', simple_fuel: 'Hybrid' },
      allOn,
      { kind: 'fuel', label: 'Hybrid' },
    ],
    [
      '§4 Car tag precedence 1: no fuel tag when the dealer switch is off',
      everything,
      { ...allOn, fuelTypeTagEnabled: false },
      { kind: 'reserved', label: 'Reserved' },
    ],
    [
      '§4 Car tag precedence 1: no fuel tag for a petrol car',
      { ...everything, fuel: 'Petrol', simple_fuel: 'Petrol' },
      allOn,
      { kind: 'reserved', label: 'Reserved' },
    ],
    [
      '§4 Car tag precedence 2: reserved beats certified, custom tag and coming soon',
      { ...everything, fuel: 'Diesel', simple_fuel: 'Diesel' },
      allOn,
      { kind: 'reserved', label: 'Reserved' },
    ],
    [
      '§4 Car tag precedence 3: certified used image beats the custom tag',
      { ...everything, reserved: false },
      { certifiedUsedEnabled: true },
      { kind: 'certified', label: CAR_TAG_TEXT.certified },
    ],
    [
      '§4 Car tag precedence 3: no certified image on a site without the flag',
      { ...everything, reserved: false },
      {},
      { kind: 'custom', label: 'Low km' },
    ],
    [
      '§4 Car tag precedence 3: no certified image for a car that is not certified',
      { ...everything, reserved: false, certified: false },
      { certifiedUsedEnabled: true },
      { kind: 'custom', label: 'Low km' },
    ],
    [
      '§4 Car tag precedence 3: no certified image for another manufacturer',
      { ...everything, reserved: false, make: 'Toyota' },
      { certifiedUsedEnabled: true },
      { kind: 'custom', label: 'Low km' },
    ],
    [
      '§4 Car tag precedence 3: the certified manufacturer may be passed in',
      { ...everything, reserved: false, make: 'Toyota' },
      { certifiedUsedEnabled: true, certifiedManufacturer: 'Toyota' },
      { kind: 'certified', label: CAR_TAG_TEXT.certified },
    ],
    [
      '§4 Car tag precedence 3: no certified manufacturer, no certified image',
      { ...everything, reserved: false },
      { certifiedUsedEnabled: true, certifiedManufacturer: null },
      { kind: 'custom', label: 'Low km' },
    ],
    [
      '§4 Car tag precedence 4: the custom tag beats coming soon',
      { tag: 'Low km', status: 'coming_soon' },
      {},
      { kind: 'custom', label: 'Low km' },
    ],
    [
      '§4 Car tag precedence 4: a blank custom tag does not count',
      { tag: '   ', status: 'coming_soon' },
      {},
      { kind: 'comingSoon', label: 'COMING SOON' },
    ],
    [
      '§4 Car tag precedence 5: coming_soon shows COMING SOON, beating the new tag',
      { status: 'coming_soon', created_at: iso(NOW - DAY) },
      {},
      { kind: 'comingSoon', label: 'COMING SOON' },
    ],
    [
      '§4 Car tag precedence 6: a used car created 1 day ago is a New Arrival',
      { created_at: iso(NOW - DAY) },
      {},
      { kind: 'new', label: 'New Arrival' },
    ],
    [
      '§4 Car tag precedence 6: a new car created 1 day ago shows New',
      { car_type: 'new', created_at: iso(NOW - DAY) },
      {},
      { kind: 'new', label: 'New' },
    ],
    [
      '§4 Car tag precedence 6: a demo car created 1 day ago is a New Arrival',
      { car_type: 'demo', created_at: iso(NOW - DAY) },
      {},
      { kind: 'new', label: 'New Arrival' },
    ],
    [
      '§4 Car tag precedence 6: the site texts replace New',
      { car_type: 'new', created_at: iso(NOW - DAY) },
      { texts: { tag_new: 'Fresh' } },
      { kind: 'new', label: 'Fresh' },
    ],
    [
      '§4 Car tag precedence 6: exactly 8 days old still counts',
      { car_type: 'new', created_at: iso(NOW - 8 * DAY) },
      {},
      { kind: 'new', label: 'New' },
    ],
    [
      '§4 Car tag precedence 6: a search record created_at (unix seconds) works too',
      { car_type: 'new', created_at: NOW - DAY },
      {},
      { kind: 'new', label: 'New' },
    ],
    [
      '§4 Car tag precedence 7: 8 days and a second old shows nothing',
      { car_type: 'new', created_at: iso(NOW - 8 * DAY - 1) },
      {},
      null,
    ],
    ['§4 Car tag precedence 7: an old car without tags shows nothing', {}, {}, null],
  ])('%s', (_name, facts, options, expected) => {
    expect(carTag({ ...car, ...facts }, { ...site, ...options })).toEqual(expected);
  });

  it.each<[string, string | null, string | null, ReturnType<typeof fuelTypeTag>]>([
    ['§4 Car tag precedence 1: Electric', 'Electric', 'Electric', 'Electric'],
    ['§4 Car tag precedence 1: Hybrid', 'Hybrid', 'Petrol - Hybrid', 'Hybrid'],
    ['§4 Car tag precedence 1: plug-in hybrid is Hybrid', null, 'Plug-in Hybrid (PHEV)', 'Hybrid'],
    ['§4 Car tag precedence 1: petrol/electric is Hybrid', null, 'Petrol/Electric', 'Hybrid'],
    ['§4 Car tag precedence 1: EV is Electric', null, 'EV', 'Electric'],
    ['§4 Car tag precedence 1: petrol has no fuel tag', 'Petrol', 'Unleaded Petrol', null],
    ['§4 Car tag precedence 1: diesel has no fuel tag', 'Diesel', 'Diesel', null],
    ['§4 Car tag precedence 1: unknown fuel has no fuel tag', null, null, null],
  ])('%s', (_name, simpleFuel, fuel, expected) => {
    expect(fuelTypeTag({ simple_fuel: simpleFuel, fuel })).toBe(expected);
  });

  it.each<[string, string | number, boolean]>([
    ['§9 New tag: created now', NOW, true],
    ['§9 New tag: created 8 days ago', NOW - 8 * DAY, true],
    ['§9 New tag: created 8 days and 1 second ago', NOW - 8 * DAY - 1, false],
    ['§9 New tag: a future date (clock skew) counts as new', NOW + 60, true],
    ['§9 New tag: an unreadable date is not new', 'not a date', false],
  ])('%s', (_name, createdAt, expected) => {
    expect(isRecentlyCreated(createdAt, NOW)).toBe(expected);
  });
});
