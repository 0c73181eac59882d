import { type NearestLocations, nearestLocationsEndpoint } from '../../domain/contracts/locations.ts';
import { call, type Http } from '../http.ts';

/** The dealer's locations nearest a postcode (`GET /api/locations/nearest`). */
export function fetchNearestLocations(http: Http, postcode: string): Promise<NearestLocations> {
  return call(http, nearestLocationsEndpoint, { query: { postcode } });
}
