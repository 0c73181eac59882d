import { describe, expect, it } from 'vitest';
import { SearchHttpError } from '../../../server/search/engine/errors.ts';
import { SearchIndexRegistry } from '../../../server/search/engine/registry.ts';
import type { SearchRecord } from '../../../server/search/engine/types.ts';
import { searchParamsOf } from '../../../server/search/params.ts';
import { locationPlaces, toCarRecord } from '../../../server/search/records.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { sampleCar } from '../store/sample-car.ts';

/** Harbour Auto Group's sales yards, and a record with two points and one without any. */
const RECORDS: SearchRecord[] = [
  { objectID: 'brookvale', name: 'Corolla', created_at: 4, _geoloc: { lat: -33.7668, lng: 151.2702 } },
  { objectID: 'artarmon', name: 'Tucson', created_at: 3, _geoloc: { lat: -33.8117, lng: 151.1866 } },
  { objectID: 'mona-vale', name: 'Sportage', created_at: 2, _geoloc: { lat: -33.6807, lng: 151.3021 } },
  {
    objectID: 'two-yards',
    name: 'Golf',
    created_at: 1,
    _geoloc: [
      { lat: -33.6807, lng: 151.3021 },
      { lat: -33.8125, lng: 151.1859 },
    ],
  },
  { objectID: 'nowhere', name: 'Ranger', created_at: 0 },
];

function registry(): SearchIndexRegistry {
  const r = new SearchIndexRegistry();
  r.setSettings('cars', { searchableAttributes: ['name'], customRanking: ['desc(created_at)'] });
  r.replaceAll('cars', RECORDS);
  return r;
}

const ids = (hits: ReadonlyArray<{ objectID: string }>) => hits.map((h) => h.objectID);
/** Parramatta (2150): Artarmon is 17 km away, Brookvale 25.4 km, Mona Vale 31.6 km. */
const PARRAMATTA = '-33.815,151.0011';

describe('radial geo search (issue 37 item 3; Algolia aroundLatLng / aroundRadius)', () => {
  it('keeps the records with a _geoloc point inside the radius, measured to their nearest point', () => {
    const r = registry();
    const near = r.search('cars', { aroundLatLng: PARRAMATTA, aroundRadius: 25_000, hitsPerPage: 10 });
    expect(ids(near.hits).sort()).toEqual(['artarmon', 'two-yards']);
    expect(near.nbHits).toBe(2);
    expect(r.search('cars', { aroundLatLng: PARRAMATTA, aroundRadius: 26_000 }).nbHits).toBe(3);
    expect(r.search('cars', { aroundLatLng: PARRAMATTA, aroundRadius: 1_000 }).nbHits).toBe(0);
  });

  it("'all' (and no radius) keeps every record with a _geoloc, and none without one", () => {
    const r = registry();
    expect(
      ids(r.search('cars', { aroundLatLng: PARRAMATTA, aroundRadius: 'all', hitsPerPage: 10 }).hits),
    ).toEqual(['two-yards', 'artarmon', 'brookvale', 'mona-vale']);
    expect(r.search('cars', { aroundLatLng: PARRAMATTA }).nbHits).toBe(4);
    expect(r.search('cars', { aroundRadius: 1 }).nbHits).toBe(5);
  });

  it("ranks nearest first where the ranking names 'geo' (Algolia's default), newest first where not", () => {
    const r = registry();
    r.setSettings('cars_no_geo', {
      ranking: ['typo', 'words', 'custom'],
      customRanking: ['desc(created_at)'],
    });
    r.replaceAll('cars_no_geo', RECORDS);
    const around = { aroundLatLng: PARRAMATTA, aroundRadius: 'all' as const, hitsPerPage: 10 };
    expect(ids(r.search('cars', around).hits)).toEqual(['two-yards', 'artarmon', 'brookvale', 'mona-vale']);
    expect(ids(r.search('cars', { ...around, hitsPerPage: 2, page: 1 }).hits)).toEqual([
      'brookvale',
      'mona-vale',
    ]);
    expect(ids(r.search('cars_no_geo', around).hits)).toEqual([
      'brookvale',
      'artarmon',
      'mona-vale',
      'two-yards',
    ]);
  });

  it('combines with the query, filters and facet counts', () => {
    const r = registry();
    const result = r.search('cars', {
      query: 'golf',
      aroundLatLng: PARRAMATTA,
      aroundRadius: 25_000,
      facets: ['name'],
    });
    expect(ids(result.hits)).toEqual(['two-yards']);
    expect(
      r.search('cars', { query: 'corolla', aroundLatLng: PARRAMATTA, aroundRadius: 25_000 }).nbHits,
    ).toBe(0);
  });

  it('answers _rankingInfo.matchedGeoLocation (metres) with getRankingInfo, and nothing without it', () => {
    const r = registry();
    const [twoYards, artarmon] = r.search('cars', {
      aroundLatLng: PARRAMATTA,
      aroundRadius: 25_000,
      getRankingInfo: true,
    }).hits;
    expect(artarmon?._rankingInfo?.matchedGeoLocation).toEqual({
      lat: -33.8117,
      lng: 151.1866,
      distance: 17_142,
    });
    expect(artarmon?._rankingInfo?.geoDistance).toBe(1714);
    expect(twoYards?._rankingInfo?.matchedGeoLocation).toMatchObject({ lat: -33.8125, lng: 151.1859 });
    expect(r.search('cars', { aroundLatLng: PARRAMATTA }).hits[0]?._rankingInfo).toBeUndefined();
  });

  it.each([
    [{ aroundLatLng: 'Sydney' }, /aroundLatLng/],
    [{ aroundLatLng: '-33.8' }, /aroundLatLng/],
    [{ aroundLatLng: '-95,151' }, /aroundLatLng/],
    [{ aroundLatLng: '-33.8,190' }, /aroundLatLng/],
    [{ aroundRadius: 0 }, /aroundRadius/],
    [{ aroundRadius: 2.5 }, /aroundRadius/],
    [{ aroundRadius: 'some' }, /aroundRadius/],
    [{ getRankingInfo: 'yes' }, /getRankingInfo/],
  ])('refuses %j with a 400 naming the parameter', (fields, message) => {
    let thrown: unknown;
    try {
      searchParamsOf(undefined, fields);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SearchHttpError);
    expect((thrown as SearchHttpError).status).toBe(400);
    expect((thrown as Error).message).toMatch(message);
  });

  it('reads the params string as algoliasearch sends it', () => {
    expect(
      searchParamsOf('aroundLatLng=-33.815%2C151.0011&aroundRadius=25000&getRankingInfo=true', {}),
    ).toEqual({
      aroundLatLng: '-33.815,151.0011',
      aroundRadius: 25_000,
      getRankingInfo: true,
    });
    expect(searchParamsOf('aroundRadius=all', {}).aroundRadius).toBe('all');
  });
});

describe("a car's _geoloc is its location's position (issue 37 item 3)", () => {
  it('comes from the site config by the location slug; a car without a known location has none', () => {
    const places = locationPlaces(loadTenants());
    const at = (slug: string | null) => {
      const location = slug
        ? {
            phone: null,
            slug,
            city: 'Artarmon',
            state: 'NSW',
            location_name: 'Harbour Hyundai Artarmon',
            name: 'Harbour Hyundai Artarmon',
            address: {
              id: null,
              street: '',
              city: 'Artarmon',
              state: 'NSW',
              postcode: '2064',
              place_url: null,
            },
            distribution_locations: [],
          }
        : null;
      const car = { ...sampleCar(1), location };
      return toCarRecord(car, { names: new Map(), places })._geoloc;
    };
    expect(at('harbour-hyundai-artarmon')).toEqual({ lat: -33.8117, lng: 151.1866 });
    expect(at('no-such-location')).toBeUndefined();
    expect(at(null)).toBeUndefined();
  });
});
