import {
  type NearestLocations,
  type NearestLocationsQuery,
  nearestLocationsEndpoint,
} from '../../domain/contracts/locations.ts';
import { call, type Http } from '../http.ts';

/** The dealer's locations nearest a postcode (`GET /api/locations/nearest`). */
export function fetchNearestLocations(http: Http, query: NearestLocationsQuery): Promise<NearestLocations> {
  return call(http, nearestLocationsEndpoint, { query: { postcode: query.postcode } });
}
