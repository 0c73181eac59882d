import { describe, expect, it } from 'vitest';
import { carDistanceKm, distanceLabel, hasSeveralPlaces } from '../../../domain/distance-filter.ts';
import { matchingState } from '../../../domain/saved-search-link.ts';
import { describeSearch } from '../../../domain/search-description.ts';
import { clearRefinements, hasRefinements, setNear } from '../../../domain/search-state.ts';
import { parseSearchUrl, serialiseSearchUrl } from '../../../domain/search-url.ts';
import { loadTenants } from '../../../server/tenants/load.ts';

describe('the distance filter (issue 37 item 3)', () => {
  it.each<[string, Record<string, unknown>]>([
    ['near=2150&within=25', { near: '2150', within: 25 }],
    ['within=250&near=0800', { near: '0800', within: 250 }],
    ['near=2150', {}],
    ['within=25', {}],
    ['near=2150&within=30', {}],
    ['near=215&within=25', {}],
    ['near=21500&within=25', {}],
    ['near=%3Cx%3E&within=25', {}],
    ['near=2150&within=25.0', {}],
  ])('the address %s reads as %j (postcode and radius together, or neither)', (search, state) => {
    expect(parseSearchUrl(search)).toEqual(state);
  });

  it('writes the address after the filters, and is a refinement "Clear filters" clears', () => {
    const state = setNear({ make: ['Toyota'], page: 3 }, { postcode: '2150', within: 50 });
    expect(serialiseSearchUrl(state)).toBe('refinementList[make][0]=Toyota&near=2150&within=50');
    expect(hasRefinements(setNear({}, { postcode: '2150', within: 25 }))).toBe(true);
    expect(clearRefinements(state)).toEqual({});
    expect(setNear(state, null)).toEqual({ make: ['Toyota'] });
  });

  it('names itself in a recent search, and a saved search (whose alerts cannot measure it) leaves it out', () => {
    const state = setNear({ make: ['Toyota'] }, { postcode: '2150', within: 25 });
    expect(describeSearch(state)).toBe('Toyota · within 25 km of 2150');
    expect(matchingState(state)).toEqual({ make: ['Toyota'] });
  });

  it('a card says how far, in whole km', () => {
    const parramatta = { lat: -33.815, lng: 151.0011 };
    const km = carDistanceKm({ lat: -33.8117, lng: 151.1866 }, parramatta);
    expect(distanceLabel(km ?? 0)).toBe('17 km away');
    expect(distanceLabel(0.4)).toBe('Under 1 km away');
    expect(carDistanceKm(null, parramatta)).toBeNull();
    expect(carDistanceKm({ lat: 0, lng: 0 }, null)).toBeNull();
  });

  it('is offered by the demo dealers whose sales yards stand at more than one postcode', () => {
    const offered = loadTenants()
      .filter((site) => hasSeveralPlaces(site.locations))
      .map((site) => site.slug)
      .sort();
    expect(offered).toEqual(['harbour-auto-group', 'outback-rv']);
  });
});
