import { describe, expect, it } from 'vitest';
import {
  clearRefinements,
  hasRefinements,
  isEmptySearch,
  isSearchAttribute,
  normaliseSearchState,
  SEARCH_ATTRIBUTE_NAMES,
  SEARCH_ATTRIBUTES,
  type SearchState,
  searchStateSchema,
  servicePage,
  setMenu,
  setPage,
  setQuery,
  setRange,
  setSortBy,
  toggleRefinement,
} from '../../../domain/search-state.ts';

/** search-detail-finance-watchlist.md §3 "Search state", word for word. */
const SPEC_FILTERS =
  'badge, status, car_type, categories, city, colour, dealership_name, filtered_features, item_type, km, location_name, make, make_model, model, price, subscription_price, price_range, seats, body, drive, fuel, transmission, state, tag, weekly_price_range, year';

const state: SearchState = { query: 'corolla', make: ['Toyota'], page: 3, sortBy: 'cars_price_asc' };

describe('search state (search-detail-finance-watchlist.md §3 Search state, §4 Search results)', () => {
  it('§3 Search state: every filter attribute of the spec, plus dealership_slug (§2 Routes)', () => {
    const spec = SPEC_FILTERS.split(', ');
    expect([...SEARCH_ATTRIBUTE_NAMES].sort()).toEqual([...spec, 'dealership_slug'].sort());
    expect(Object.keys(searchStateSchema.shape).sort()).toEqual(
      // Issue 37 item 5: "Under $X a week" (`weekly`) beside the spec's filters; item 3: "Within
      // `within` km of `near`".
      [...spec, 'dealership_slug', 'query', 'page', 'sortBy', 'weekly', 'near', 'within'].sort(),
    );
  });

  it.each<[string, string, string]>([
    ['§2 Range slider for price, km and year: price is a range', 'price', 'range'],
    ['§2 Range slider: km is a range', 'km', 'range'],
    ['§2 Range slider: year is a range', 'year', 'range'],
    ['§3 Search state: subscription_price is a range', 'subscription_price', 'range'],
    ['search-protocol.md URL state: car_type is a menu (menu[car_type]=used)', 'car_type', 'menu'],
    ['search-protocol.md URL state: make is a refinement list', 'make', 'refinementList'],
    ['§3 Search state: seats are choices, not a range', 'seats', 'refinementList'],
  ])('%s', (_name, attribute, kind) => {
    expect(isSearchAttribute(attribute) && SEARCH_ATTRIBUTES[attribute]).toBe(kind);
  });

  it.each<[string, string, boolean]>([
    ['make is an attribute', 'make', true],
    ['an unknown name is not', 'colourway', false],
    ['an inherited name is not', 'constructor', false],
  ])('§3 Search state: %s', (_name, name, expected) => {
    expect(isSearchAttribute(name)).toBe(expected);
  });

  it.each<[string, unknown, boolean]>([
    ['§3 Search state: the empty search is valid', {}, true],
    [
      '§3 Search state: a full search is valid',
      { ...state, price: { min: 1, max: 2 }, car_type: 'used' },
      true,
    ],
    ['§3 Search state: an open range end is valid', { price: { max: 30_000 } }, true],
    ['§3 Search state: a range without ends is invalid', { price: {} }, false],
    ['§5 Range slider: a range whose min passes max is invalid', { price: { min: 3, max: 2 } }, false],
    ['§3 Search state: a repeated list value is invalid', { make: ['Toyota', 'Toyota'] }, false],
    ['§3 Search state: an empty list is invalid', { make: [] }, false],
    ['§3 Search state: an empty facet value is invalid', { make: [''] }, false],
    ['§3 Search state: a menu holds one value', { car_type: ['used'] }, false],
    ['§3 Search state: page 0 is invalid (pages are 1-based)', { page: 0 }, false],
    ['§3 Search state: a fractional page is invalid', { page: 1.5 }, false],
    ['§3 Search state: sortBy is an index name', { sortBy: 'cars price' }, false],
  ])('%s', (_name, value, valid) => {
    expect(searchStateSchema.safeParse(value).success).toBe(valid);
  });

  it.each<[string, SearchState, SearchState]>([
    ['§4 Search results: page 1 is no page', { page: 1, make: ['Toyota'] }, { make: ['Toyota'] }],
    ['an empty query is no query', { query: '' }, {}],
    [
      'a list keeps its first copy of each value',
      { make: ['Toyota', 'Mazda', 'Toyota'] },
      { make: ['Toyota', 'Mazda'] },
    ],
    ['an empty list is no refinement', { make: [] }, {}],
    ['a range without ends is no refinement', { price: {} }, {}],
    ['an undefined range end is left out', { price: { min: undefined, max: 5 } }, { price: { max: 5 } }],
    ['a canonical state stays', state, state],
  ])('normalise: %s', (_name, input, expected) => {
    expect(normaliseSearchState(input)).toStrictEqual(expected);
  });

  it.each<[string, SearchState, SearchState]>([
    [
      '§4 Search results: a filter change removes page (adding a make)',
      toggleRefinement(state, 'make', 'Mazda'),
      { query: 'corolla', make: ['Toyota', 'Mazda'], sortBy: 'cars_price_asc' },
    ],
    [
      '§4 Search results: a filter change removes page (removing the last make)',
      toggleRefinement(state, 'make', 'Toyota'),
      { query: 'corolla', sortBy: 'cars_price_asc' },
    ],
    [
      '§4 Search results: a filter change removes page (menu)',
      setMenu(state, 'car_type', 'used'),
      { query: 'corolla', make: ['Toyota'], car_type: 'used', sortBy: 'cars_price_asc' },
    ],
    ['§4 Search results: clearing a menu', setMenu({ car_type: 'used' }, 'car_type', null), {}],
    [
      '§4 Search results: a filter change removes page (range)',
      setRange(state, 'price', { max: 30_000 }),
      { query: 'corolla', make: ['Toyota'], price: { max: 30_000 }, sortBy: 'cars_price_asc' },
    ],
    ['§4 Search results: clearing a range', setRange({ price: { min: 1 } }, 'price', null), {}],
    [
      '§2 Directory search box: writes the query and clears page',
      setQuery(state, 'camry'),
      { query: 'camry', make: ['Toyota'], sortBy: 'cars_price_asc' },
    ],
    ['a new sort starts at page 1', setSortBy(state, null), { query: 'corolla', make: ['Toyota'] }],
    ['§4 Search results: a page change keeps the filters', setPage(state, 4), { ...state, page: 4 }],
    [
      '§4 Search results: page 1 is no page',
      setPage(state, 1),
      { query: 'corolla', make: ['Toyota'], sortBy: 'cars_price_asc' },
    ],
    [
      'clearing refinements keeps the query and sort',
      clearRefinements({ ...state, price: { min: 1 } }),
      { query: 'corolla', sortBy: 'cars_price_asc' },
    ],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toStrictEqual(expected);
  });

  it.each<[string, SearchState, boolean, boolean, number]>([
    ['the empty search', {}, false, true, 0],
    ['a query only', { query: 'x' }, false, false, 0],
    ['a refinement', { make: ['Toyota'] }, true, false, 0],
    ['§7 Main search: page 3 is the service page 2', { page: 3 }, false, true, 2],
  ])('%s', (_name, input, refined, empty, page) => {
    expect(hasRefinements(input)).toBe(refined);
    expect(isEmptySearch(input)).toBe(empty);
    expect(servicePage(input)).toBe(page);
  });
});
