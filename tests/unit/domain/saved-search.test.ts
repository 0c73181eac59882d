import { describe, expect, it } from 'vitest';
import type { CarType } from '../../../domain/car.ts';
import { alertDue, alertReason, defaultSearchName, savedSearchKey } from '../../../domain/saved-search.ts';
import { readSaveSearchRequest, saveSearchHref } from '../../../domain/saved-search-link.ts';
import type { SearchState } from '../../../domain/search-state.ts';

/** Issue 19 item 2 (beyond the spec): saved searches' names, links, identity and alert timing. */
describe('saved searches', () => {
  it.each<[string, SearchState, CarType[] | null, string]>([
    ['a search of everything', {}, null, 'All cars'],
    ['the car types a listing is limited to come first', { make: ['Mazda'] }, ['used'], 'Used · Mazda'],
    ['new and demo', {}, ['new', 'demo'], 'New and demo'],
    ['every type is no type', { body: ['SUV'] }, ['new', 'demo', 'used'], 'SUV'],
    [
      'the query, refinements and ranges in words; page and sort do not name a search',
      {
        query: 'sport',
        make: ['Mazda', 'Toyota'],
        price: { max: 30_000 },
        page: 3,
        sortBy: 'cars_price_asc',
      },
      null,
      '“sport” · Mazda, Toyota · under $30,000',
    ],
  ])('default name: %s', (_, search, carTypes, name) => {
    expect(defaultSearchName(search, carTypes)).toBe(name);
  });

  it('a long name is cut to 80 characters', () => {
    const name = defaultSearchName({ make: Array.from({ length: 30 }, (_, i) => `Make ${i}`) }, null);
    expect(name).toHaveLength(80);
    expect(name.endsWith('…')).toBe(true);
  });

  it('the same search on another page, sort or car-type order is the same saved search', () => {
    expect(savedSearchKey({ make: ['Mazda'], page: 4, sortBy: 'cars_latest' }, ['used', 'demo'])).toBe(
      savedSearchKey({ make: ['Mazda'] }, ['demo', 'used']),
    );
    expect(savedSearchKey({ make: ['Mazda'] }, null)).not.toBe(savedSearchKey({ make: ['Mazda'] }, ['used']));
  });

  it("the listing's link carries its address, search and car types, and reads back", () => {
    const href = saveSearchHref({
      href: '/search/used-cars?refinementList%5Bmake%5D%5B0%5D=Mazda&page=2',
      search: { make: ['Mazda'], page: 2 },
      car_types: ['used'],
    });
    expect(href.startsWith('/saved-searches?save=')).toBe(true);
    expect(readSaveSearchRequest(href.slice(href.indexOf('?')), '/search')).toEqual({
      href: '/search/used-cars?refinementList%5Bmake%5D%5B0%5D=Mazda&page=2',
      search: { make: ['Mazda'] },
      car_types: ['used'],
    });
  });

  it.each([
    ['no offer', ''],
    ['another site', '?save=https%3A%2F%2Fevil.example%2Fsearch'],
    ['a protocol-relative address', '?save=%2F%2Fevil.example%2Fsearch'],
    ['a page that is not a listing', '?save=%2Fwatchlist'],
    ['a path that only starts like the listing', '?save=%2Fsearchlight'],
  ])('offers nothing for %s', (_, query) => {
    expect(readSaveSearchRequest(query, '/search')).toBeNull();
  });

  it('drops what it cannot read in an offer rather than refusing it', () => {
    expect(
      readSaveSearchRequest('?save=%2Fsearch&search=range%5Bprice%5D%3Dabc&types=used,bogus,used', '/search'),
    ).toEqual({ href: '/search', search: {}, car_types: ['used'] });
  });

  it.each([
    [null, 20_000, 'new'],
    [20_000, 18_000, 'price_drop'],
    [20_000, 20_000, null],
    [20_000, 21_000, null],
  ] as const)('a price change from %s to %s is %s', (previous, price, reason) => {
    expect(alertReason(previous, price)).toBe(reason);
  });

  it.each([
    ['instant: at once', 'instant', '2026-11-26T09:00:00Z', '2026-11-26T09:00:01Z', true],
    ['daily: not the same day', 'daily', '2026-11-26T00:30:00Z', '2026-11-26T23:59:00Z', false],
    ['daily: after midnight UTC', 'daily', '2026-11-26T23:59:00Z', '2026-11-27T00:00:00Z', true],
    ['off: never', 'off', '2026-11-01T00:00:00Z', '2026-11-26T00:00:00Z', false],
  ] as const)('alert due — %s', (_, frequency, created, now, due) => {
    expect(alertDue(frequency, new Date(created), new Date(now))).toBe(due);
  });
});
