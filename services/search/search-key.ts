import { siteEndpoint } from '../../domain/contracts/site.ts';
import { call, type Http } from '../http.ts';

/**
 * A fresh search key for the site the page belongs to: the one the site endpoint answers now. A key lives
 * an hour (`server/search-connection.ts`); the search clients ask for a new one when theirs expires.
 */
export async function renewSearchKey(http: Http): Promise<string> {
  const site = await call(http, siteEndpoint);
  return site.search_connection.apiKey;
}
