import {
  type PostcodePlace,
  type PostcodeQuery,
  postcodePlaceEndpoint,
} from '../../domain/contracts/postcodes.ts';
import { call, type Http } from '../http.ts';

/** Where a postcode is (`GET /api/locations/postcode`): the listing's distance filter (issue 37 item 3). */
export function fetchPostcodePlace(http: Http, query: PostcodeQuery): Promise<PostcodePlace> {
  return call(http, postcodePlaceEndpoint, { query: { postcode: query.postcode } });
}
