import { describe, expect, it } from 'vitest';
import { COMPARE_TEXT, compareHref, compareLimitFor, parseCompareSlugs } from '../../../domain/compare.ts';
import { type CompareContext, compareRows } from '../../../domain/compare-rows.ts';
import { buildCar } from '../../fixtures/cars.ts';

const context: CompareContext = {
  now: new Date('2026-11-26T00:00:00Z'),
  tag: { fuelTypeTagEnabled: false, certifiedUsedEnabled: false },
  finance: () => ({ provider: null, financeHidden: false, now: new Date('2026-11-26T00:00:00Z') }),
};

describe('compare (issue 19 item 1)', () => {
  it.each<[string, string, string[]]>([
    ['the cars of the address, in its order', '?cars=b-2,a-1', ['b-2', 'a-1']],
    ['each once', '?cars=a-1,a-1,b-2', ['a-1', 'b-2']],
    ['at most four', '?cars=a,b,c,d,e', ['a', 'b', 'c', 'd']],
    ['what is not a slug is dropped', '?cars=A!,ok-1,,%3Cx%3E', ['ok-1']],
    ['none', '', []],
  ])('the address: %s', (_name, search, slugs) => {
    expect(parseCompareSlugs(search)).toEqual(slugs);
  });

  it('writes the address the tray links to, and reads it back', () => {
    expect(compareHref(['a-1', 'b-2'])).toBe('/compare?cars=a-1,b-2');
    expect(parseCompareSlugs(compareHref(['a-1', 'b-2']).split('?')[1] ?? '')).toEqual(['a-1', 'b-2']);
    expect(compareHref([])).toBe('/compare');
  });

  it.each([
    [390, 3],
    [767, 3],
    [768, 4],
    [1400, 4],
  ])('a window %i px wide holds %i cars', (width, limit) => {
    expect(compareLimitFor(width)).toBe(limit);
  });

  it('says why a full tray refuses a car', () => {
    expect(COMPARE_TEXT.full(4)).toBe('You can compare up to 4 cars. Remove one to add another.');
  });

  it('rows: price by the price rules first; differing rows marked; a row no car has is left out', () => {
    const a = buildCar({ slug: 'a-1', price: 30_000, colour: 'Red', seats: 5 });
    const b = buildCar({ id: 2, slug: 'b-2', price: 30_000, offer_price: 28_500, colour: 'Blue', seats: 5 });
    const rows = compareRows(
      [
        { kind: 'car', car: a },
        { kind: 'car', car: b },
      ],
      context,
    );
    const row = (label: string) => rows.find((r) => r.label === label);
    expect(rows[0]?.label).toBe('Price');
    expect(row('Price')).toEqual({ label: 'Price', values: ['$30,000', '$28,500'], differs: true });
    expect(row('Colour')).toMatchObject({ values: ['Red', 'Blue'], differs: true });
    expect(row('Seats')).toMatchObject({ values: ['5', '5'], differs: false });
    // Neither car has a VIN: no row.
    expect(row('VIN')).toBeUndefined();
    expect(row('Finance estimate')).toBeUndefined();
  });

  it('a car no longer for sale keeps its column with no values, and does not make rows differ', () => {
    const a = buildCar({ slug: 'a-1', colour: 'Red' });
    const rows = compareRows(
      [
        { kind: 'car', car: a },
        { kind: 'unavailable', slug: 'gone-1' },
      ],
      context,
    );
    const colour = rows.find((r) => r.label === 'Colour');
    expect(colour).toEqual({ label: 'Colour', values: ['Red', null], differs: false });
  });

  it('a value only one car has differs', () => {
    const rows = compareRows(
      [
        { kind: 'car', car: buildCar({ slug: 'a-1', vin: 'JM0KF4W7A00123456' }) },
        { kind: 'car', car: buildCar({ id: 2, slug: 'b-2' }) },
      ],
      context,
    );
    expect(rows.find((r) => r.label === 'VIN')).toMatchObject({
      values: ['JM0KF4W7A00123456', null],
      differs: true,
    });
  });
});
