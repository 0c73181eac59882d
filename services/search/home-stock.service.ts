import type { HomeStock, HomeStockRequest } from '../../domain/home-stock.ts';
import type { FetchLike } from '../http.ts';
import { createSearchClient, type RenewKey, searchCars } from './search.service.ts';

/**
 * Runs the home page's two limited hit lists (`domain/home-stock.ts`) in parallel: the featured cars,
 * and the listing's makes with their counts. Throws a `ServiceError` when either search fails.
 */
export async function fetchHomeStock(
  request: HomeStockRequest,
  fetch: FetchLike,
  renewKey?: RenewKey,
): Promise<HomeStock> {
  const client = createSearchClient(request.endpoint, fetch, renewKey);
  const [featured, makes] = await Promise.all([
    searchCars(client, request.featured),
    searchCars(client, request.makes),
  ]);
  return {
    featured: featured.hits,
    makes: Object.entries(makes.facets.make ?? {}).map(([name, count]) => ({ name, count })),
  };
}
