import { mainResultSchema, multiQueryAnswerSchema } from '../../domain/contracts/search-answers.ts';
import type { RecentCarsQuery, SimilarCarsQuery } from '../../domain/more-cars.ts';
import { recentCarsRequest, similarCarsRequests } from '../../domain/more-cars-search.ts';
import { CAR_HIT_ATTRIBUTES, type CarHit, type CarSearchRequest } from '../../domain/search-result.ts';
import { ServiceError } from '../errors.ts';
import type { FetchLike } from '../http.ts';
import { buildQueries, type SearchQuery } from './search.queries.ts';
import { createSearchClient, type RenewKey, toServiceError } from './search.service.ts';

/**
 * The car page's "more cars" over the search endpoint (issue 37 item 7): each call one multi-query
 * on the site's lite client, every answer validated. Throws a `ServiceError` when the search fails or
 * answers something unexpected.
 */

async function hitLists(
  query: SimilarCarsQuery | RecentCarsQuery,
  requests: readonly CarSearchRequest[],
  fetch: FetchLike,
  renewKey?: RenewKey,
): Promise<CarHit[][]> {
  if (requests.length === 0) return [];
  const client = createSearchClient(query.search.endpoint, fetch, renewKey);
  let answer: unknown;
  try {
    answer = await client.search({
      requests: requests.map((request) => ({
        ...(buildQueries(request, CAR_HIT_ATTRIBUTES)[0] as SearchQuery),
        analytics: false,
      })),
    });
  } catch (error) {
    throw toServiceError(error);
  }
  const multi = multiQueryAnswerSchema.safeParse(answer);
  if (!multi.success || multi.data.results.length !== requests.length) {
    throw new ServiceError(
      'validation',
      'Unexpected answer from search: the results do not match the queries',
    );
  }
  return multi.data.results.map((result) => {
    const main = mainResultSchema.safeParse(result);
    if (!main.success) {
      throw new ServiceError('validation', `Unexpected answer from search: ${main.error.issues[0]?.message}`);
    }
    return main.data.hits;
  });
}

/** A car's similar cars as found: the same body type in its price band, and the same make. */
export async function fetchSimilarCars(
  query: SimilarCarsQuery,
  fetch: FetchLike,
  renewKey?: RenewKey,
): Promise<{ alike: CarHit[]; sameMake: CarHit[] }> {
  const { alike, sameMake } = similarCarsRequests(query);
  const lists = await hitLists(query, alike ? [alike, sameMake] : [sameMake], fetch, renewKey);
  return alike
    ? { alike: lists[0] ?? [], sameMake: lists[1] ?? [] }
    : { alike: [], sameMake: lists[0] ?? [] };
}

/** The viewed cars the search still lists in stock, in the search's order. */
export async function fetchRecentCars(
  query: RecentCarsQuery,
  fetch: FetchLike,
  renewKey?: RenewKey,
): Promise<CarHit[]> {
  const request = recentCarsRequest(query);
  const [hits] = await hitLists(query, request ? [request] : [], fetch, renewKey);
  return hits ?? [];
}
