import { describe, expect, it } from 'vitest';
import type { CarInput } from '../../../domain/car.ts';
import { formatAustralianDate } from '../../../domain/format.ts';
import {
  addMonths,
  australianToday,
  caravanSize,
  featuresList,
  feetToMetres,
  hasSpecValue,
  keepSpecRows,
  keyInformation,
  keyInformationRows,
  regoExpiryText,
  specificationRows,
} from '../../../domain/spec-rows.ts';
import { buildCar } from '../../fixtures/cars.ts';

const NOW = new Date('2025-06-01T02:00:00Z'); // 12:00 on 1 June 2025 in Australia (+10:00)

function carOf(overrides: Partial<CarInput> = {}) {
  return buildCar({ ...overrides });
}

describe('spec rows (search-detail-finance-watchlist.md §5 Spec rows and dates)', () => {
  it.each([
    { value: undefined, shown: false },
    { value: null, shown: false },
    { value: '', shown: false },
    { value: '   ', shown: false },
    { value: 'null', shown: false },
    { value: 'Null value', shown: true },
    { value: 'Automatic', shown: true },
    { value: 0, shown: true },
    { value: 5, shown: true },
    { value: Number.NaN, shown: false },
  ])('§5 a row with value $value is shown: $shown', ({ value, shown }) => {
    expect(hasSpecValue(value)).toBe(shown);
    expect(keepSpecRows([{ label: 'Row', value }])).toHaveLength(shown ? 1 : 0);
  });

  it('§5 keeps surviving rows in order, values as text', () => {
    const rows = keepSpecRows([
      { label: 'Seats', value: 5 },
      { label: 'Drive', value: 'null' },
      { label: 'Colour', value: 'Soul Red' },
    ]);
    expect(rows).toEqual([
      { label: 'Seats', value: '5' },
      { label: 'Colour', value: 'Soul Red' },
    ]);
  });

  it.each([
    { case: 'a year ahead', expiry: '2026-06-01', text: 'Expires on 1 June 2026' },
    { case: 'tomorrow in Australia', expiry: '2025-06-02', text: 'Expires on 2 June 2025' },
    { case: 'today in Australia', expiry: '2025-06-01', text: null },
    { case: 'yesterday', expiry: '2025-05-31', text: null },
    { case: 'no expiry', expiry: null, text: null },
    { case: 'not a date', expiry: 'soon', text: null },
    { case: 'month 13', expiry: '2099-13-01', text: null },
  ])("§5 'Expires on {date}' only for a future rego expiry: $case", ({ expiry, text }) => {
    expect(regoExpiryText(expiry, NOW)).toBe(text);
  });

  it.each([
    { now: '2025-06-01T13:59:59Z', today: '2025-06-01' },
    { now: '2025-06-01T14:00:00Z', today: '2025-06-02' },
  ])('§5 "the future" is decided on the Australian (+10:00) date: $now → $today', ({ now, today }) => {
    expect(australianToday(new Date(now))).toBe(today);
  });

  it.each([
    { iso: '2027-03-14', text: '14 March 2027' },
    { iso: '2025-12-01', text: '1 December 2025' },
    { iso: '2025-13-01', text: null },
    { iso: 'soon', text: null },
  ])('dates read as Australians write them: $iso → $text', ({ iso, text }) => {
    expect(formatAustralianDate(iso)).toBe(text);
  });

  it.each([
    { iso: '2025-01-31', months: 1, result: '2025-02-28' },
    { iso: '2024-01-31', months: 1, result: '2024-02-29' },
    { iso: '2025-12-15', months: 1, result: '2026-01-15' },
  ])('one calendar month ahead: $iso + $months → $result', ({ iso, months, result }) => {
    expect(addMonths(iso, months)).toBe(result);
  });

  it('§5 the rows of a car drop what the car lacks and show a future rego expiry', () => {
    const car = carOf({
      badge: null,
      drive: 'null',
      rego_expiry: '2026-01-15',
      regplate: '123ABC',
      seats: 5,
    });
    const labels = specificationRows(car, NOW).map((row) => row.label);
    expect(labels).not.toContain('Badge');
    expect(labels).not.toContain('Drive');
    expect(labels).not.toContain('Body length');
    expect(specificationRows(car, NOW)).toContainEqual({
      label: 'Rego expiry',
      value: 'Expires on 15 January 2026',
    });
    expect(specificationRows(car, NOW)).toContainEqual({ label: 'Odometer', value: '45,210 km' });
  });

  it('§5 a past rego expiry drops the row', () => {
    const car = carOf({ rego_expiry: '2025-01-15', regplate: '123ABC' });
    expect(specificationRows(car, NOW).map((row) => row.label)).not.toContain('Rego expiry');
  });
});

describe("'Key information' and features (search-detail-finance-watchlist.md §2, §9)", () => {
  const rows = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ label: `Item ${i + 1}`, value: 'x' }));

  it.each([
    { count: 3, expanded: false, visible: 3, toggle: null },
    { count: 4, expanded: false, visible: 4, toggle: null },
    { count: 5, expanded: false, visible: 4, toggle: 'Show More' },
    { count: 5, expanded: true, visible: 5, toggle: 'Show Less' },
  ])('§9 Key information shows 4 before Show More / Show Less: $count items, expanded $expanded', (row) => {
    const shown = keyInformation(rows(row.count), row.expanded);
    expect(shown.visible).toHaveLength(row.visible);
    expect(shown.toggle).toBe(row.toggle);
  });

  it("§2 a car's key information drops empty items", () => {
    const labels = keyInformationRows(carOf({ simple_body: 'SUV', engine_size: null })).map(
      (row) => row.label,
    );
    expect(labels[0]).toBe('Odometer');
    expect(labels).toContain('Body');
    expect(labels).not.toContain('Engine');
  });

  const features = (count: number) => Array.from({ length: count }, (_, i) => `Feature ${i + 1}`);

  it.each([
    { count: 8, expanded: false, limit: undefined, visible: 8, toggle: null },
    { count: 9, expanded: false, limit: undefined, visible: 8, toggle: 'Show All' },
    { count: 9, expanded: true, limit: undefined, visible: 9, toggle: 'Hide' },
    { count: 9, expanded: false, limit: 12, visible: 9, toggle: null },
    { count: 0, expanded: false, limit: undefined, visible: 0, toggle: null },
  ])(
    '§9 features default limit 8 with Show All / Hide: $count items, expanded $expanded, limit $limit',
    (row) => {
      const shown = featuresList(features(row.count), row.expanded, row.limit);
      expect(shown.visible).toHaveLength(row.visible);
      expect(shown.toggle).toBe(row.toggle);
    },
  );

  it('§5 blank features are dropped before counting', () => {
    expect(featuresList(['A', ' ', '', 'B'], false).visible).toEqual(['A', 'B']);
  });
});

describe('caravan sizes (search-detail-finance-watchlist.md §9)', () => {
  it.each([
    { feet: 22, metres: '6.71m' },
    { feet: 7.5, metres: '2.29m' },
    { feet: 10, metres: '3.05m' },
    { feet: null, metres: null },
  ])('§9 feet × 0.3048 in metres: $feet ft → $metres', ({ feet, metres }) => {
    expect(caravanSize(feet)).toBe(metres);
  });

  it('§9 the conversion factor is 0.3048', () => {
    expect(feetToMetres(1)).toBe(0.3048);
  });

  it('§9 a caravan lists its body sizes in metres', () => {
    const caravan = carOf({
      vehicle_kind: 'caravans',
      specifications: { body_length: 22, body_width: 7.5, tare_weight: 2450, axle_type: 'Tandem', sleeps: 4 },
    });
    expect(specificationRows(caravan, NOW)).toEqual(
      expect.arrayContaining([
        { label: 'Body length', value: '6.71m' },
        { label: 'Body width', value: '2.29m' },
        { label: 'Tare weight', value: '2,450 kg' },
      ]),
    );
  });
});
