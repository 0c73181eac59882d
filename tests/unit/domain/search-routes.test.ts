import { describe, expect, it } from 'vitest';
import {
  facetTilePath,
  parseSearchLocation,
  parseSearchPath,
  type SearchCatalog,
  type SearchRoute,
  searchRouteFilters,
  searchRoutePath,
} from '../../../domain/search-routes.ts';
import type { SearchState } from '../../../domain/search-state.ts';
import { slugify } from '../../../domain/slug.ts';

const catalog: SearchCatalog = {
  makes: [
    { name: 'Toyota', slug: 'toyota' },
    { name: 'Mercedes-Benz' },
    { name: 'Land Rover', slug: 'land-rover' },
  ],
  models: [
    { name: 'Corolla', manufacturer_name: 'Toyota' },
    { name: 'LandCruiser', manufacturer_name: 'Toyota', slug: 'landcruiser' },
    { name: 'C-Class', manufacturer_name: 'Mercedes-Benz' },
    { name: 'Defender', manufacturer_name: 'Land Rover' },
  ],
  bodies: ['SUV', 'Ute', 'People Mover'],
  vehicleKinds: ['cars', 'caravans'],
};

describe('listing routes (locations-forms-tradein-site.md §2 Routes; search-detail-finance-watchlist.md §2 Routes)', () => {
  it.each<[string, string]>([
    ['Toyota', 'toyota'],
    ['Mercedes-Benz', 'mercedes-benz'],
    ['People Mover', 'people-mover'],
    ['Citroën', 'citroen'],
    ['  CX-5 ', 'cx-5'],
    ['Rolls & Royce', 'rolls-and-royce'],
    ['4x4', '4x4'],
    ['***', ''],
  ])('§2 Routes slugify: %s → %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it.each<[string, string, SearchRoute | null]>([
    ['§2 Routes: /search is every car', '/search', { kind: 'all' }],
    ['§2 Routes: a trailing slash is ignored', '/search/', { kind: 'all' }],
    [
      '§2 Routes: /search/new-used-and-demo-cars lists every type',
      '/search/new-used-and-demo-cars',
      { kind: 'type', slug: 'new-used-and-demo-cars', carTypes: ['new', 'demo', 'used'] },
    ],
    [
      '§2 Routes: /search/new-cars',
      '/search/new-cars',
      { kind: 'type', slug: 'new-cars', carTypes: ['new'] },
    ],
    [
      '§2 Routes: /search/demo-cars',
      '/search/demo-cars',
      { kind: 'type', slug: 'demo-cars', carTypes: ['demo'] },
    ],
    [
      '§2 Routes: /search/used-cars',
      '/search/used-cars',
      { kind: 'type', slug: 'used-cars', carTypes: ['used'] },
    ],
    [
      '§2 Routes: /search/new-and-demo-cars',
      '/search/new-and-demo-cars',
      { kind: 'type', slug: 'new-and-demo-cars', carTypes: ['new', 'demo'] },
    ],
    ['§2 Routes: /search/{make}', '/search/toyota', { kind: 'make', make: 'Toyota', makeSlug: 'toyota' }],
    [
      '§2 Routes: a make without a slug is matched by its slugified name',
      '/search/mercedes-benz',
      { kind: 'make', make: 'Mercedes-Benz', makeSlug: 'mercedes-benz' },
    ],
    [
      '§2 Routes: slugs are case-insensitive',
      '/search/Toyota',
      { kind: 'make', make: 'Toyota', makeSlug: 'toyota' },
    ],
    [
      '§2 Routes: /search/{make}/{model}',
      '/search/toyota/corolla',
      { kind: 'model', make: 'Toyota', makeSlug: 'toyota', model: 'Corolla', modelSlug: 'corolla' },
    ],
    [
      '§2 Routes: a model slug from the catalog',
      '/search/toyota/landcruiser',
      { kind: 'model', make: 'Toyota', makeSlug: 'toyota', model: 'LandCruiser', modelSlug: 'landcruiser' },
    ],
    ['§2 Routes: /search/{body}', '/search/suv', { kind: 'body', body: 'SUV', bodySlug: 'suv' }],
    [
      '§2 Routes: /search/{body}-cars',
      '/search/people-mover-cars',
      { kind: 'body', body: 'People Mover', bodySlug: 'people-mover' },
    ],
    [
      '§2 Routes: /search/caravans lists the vehicle kind a leisure dealer lists',
      '/search/caravans',
      { kind: 'vehicles', vehicleKind: 'caravans' },
    ],
    ['§2 Routes: a vehicle kind the site does not list is nothing', '/search/motorcycles', null],
    ['§2 Routes: an unknown slug is nothing', '/search/tesla', null],
    ['§2 Routes: an unknown {x}-cars is nothing', '/search/boat-cars', null],
    ['§2 Routes: a model of another make is nothing', '/search/toyota/c-class', null],
    ['§2 Routes: a model under an unknown make is nothing', '/search/tesla/corolla', null],
    ['§2 Routes: a third segment is nothing', '/search/toyota/corolla/ascent', null],
    ['§2 Routes: an empty segment is nothing', '/search//toyota', null],
    ['§2 Routes: a malformed escape is nothing', '/search/%E0%A4%A', null],
    ['§2 Routes: another path is nothing', '/cars/toyota', null],
    ['§2 Routes: a look-alike prefix is nothing', '/searching', null],
    ['§2 Routes: an inherited name is nothing', '/search/constructor', null],
  ])('%s', (_name, path, route) => {
    expect(parseSearchPath(path, catalog)).toStrictEqual(route);
  });

  it.each<[string, string]>([
    ['/search', '/search'],
    ['/search/used-cars', '/search/used-cars'],
    ['/search/toyota/corolla', '/search/toyota/corolla'],
    ['/search/land-rover', '/search/land-rover'],
    ['/search/people-mover-cars', '/search/people-mover'],
    ['/search/caravans', '/search/caravans'],
  ])('§2 Routes: %s is written back as %s', (path, canonical) => {
    const route = parseSearchPath(path, catalog);
    expect(route && searchRoutePath(route)).toBe(canonical);
  });

  it.each<[string, string, string]>([
    ['§2 facet tiles link a make to /search/{slug}', 'Land Rover', '/search/land-rover'],
    ['§2 facet tiles link a body to /search/{slug}', 'SUV', '/search/suv'],
  ])('%s', (_name, value, path) => {
    expect(facetTilePath(value)).toBe(path);
    expect(parseSearchPath(path, catalog)).not.toBeNull();
  });

  it.each<[string, string, ReturnType<typeof searchRouteFilters>]>([
    ['§2 Routes: /search pre-filters nothing', '/search', { carTypes: null, state: {} }],
    [
      '§2 Routes: a listing by type sets the car types of the base filter',
      '/search/used-cars',
      { carTypes: ['used'], state: {} },
    ],
    [
      '§2 Routes: /search/{make} pre-filters by make',
      '/search/toyota',
      { carTypes: null, state: { make: ['Toyota'] } },
    ],
    [
      '§2 Routes: /search/{make}/{model} pre-filters by make and model',
      '/search/toyota/corolla',
      { carTypes: null, state: { make: ['Toyota'], model: ['Corolla'] } },
    ],
    [
      '§2 Routes: /search/{body}-cars pre-filters by body',
      '/search/ute-cars',
      { carTypes: null, state: { body: ['Ute'] } },
    ],
    [
      '§2 Routes: /search/caravans pre-filters by vehicle type',
      '/search/caravans',
      { carTypes: null, state: { item_type: 'caravans' } },
    ],
  ])('%s', (_name, path, filters) => {
    const route = parseSearchPath(path, catalog);
    expect(route && searchRouteFilters(route)).toStrictEqual(filters);
  });

  it.each<[string, string, string, SearchState | null]>([
    [
      '§2 Routes: the path and the query string together',
      '/search/toyota',
      '?refinementList[make][0]=Mazda&page=2',
      { make: ['Toyota', 'Mazda'], page: 2 },
    ],
    [
      '§2 Routes: a make in both is kept once',
      '/search/toyota',
      '?refinementList[make][0]=Toyota',
      { make: ['Toyota'] },
    ],
    [
      '§2 Routes: a listing by type keeps its query string',
      '/search/used-cars',
      '?menu[car_type]=used&query=hilux',
      { query: 'hilux', car_type: 'used' },
    ],
    [
      '§2 Routes: a listing by vehicle kind keeps its kind over the query string’s',
      '/search/caravans',
      '?menu[item_type]=cars&query=jayco',
      { query: 'jayco', item_type: 'caravans' },
    ],
    ['§2 Routes: an unknown path is nothing', '/search/nope', '?query=x', null],
  ])('%s', (_name, path, search, state) => {
    expect(parseSearchLocation(path, search, catalog)?.state ?? null).toStrictEqual(state);
  });
});
