import {
  type ItemSearchQuery,
  type ItemSearchResult,
  itemSearchAnswerSchema,
  itemSearchParams,
} from '../../domain/item-search.ts';
import { ServiceError } from '../errors.ts';
import type { FetchLike } from '../http.ts';
import { createSearchClient, type RenewKey, toServiceError } from './search.service.ts';

/**
 * Searches the `items` index (spec doc 1 §7 "Dealership item search") over the query's search
 * connection, with requests sent through `fetch`: one page of 21 items for the state, and — with a
 * category chosen — a second query without it, so every category keeps its count and the shopper can
 * switch. Throws a `ServiceError` when the search fails or answers something unexpected.
 */
export async function searchItems(
  query: ItemSearchQuery,
  fetch: FetchLike,
  renewKey?: RenewKey,
): Promise<ItemSearchResult> {
  const { state } = query;
  const client = createSearchClient(query.endpoint, fetch, renewKey);
  const main = { indexName: query.index, ...itemSearchParams(state) };
  const requests = state.category
    ? [main, { ...main, facetFilters: [], hitsPerPage: 0, page: 0, attributesToRetrieve: [] }]
    : [main];
  let answer: { results?: unknown[] };
  try {
    answer = (await client.search({ requests })) as { results?: unknown[] };
  } catch (error) {
    throw toServiceError(error);
  }
  const [first, facetsAnswer = first] = answer.results ?? [];
  const result = itemSearchAnswerSchema.safeParse(first);
  const facets = itemSearchAnswerSchema.safeParse(facetsAnswer);
  if (!result.success || !facets.success) {
    throw new ServiceError('validation', 'Unexpected answer from search: the item results do not match');
  }
  const categories = Object.entries(facets.data.facets.categories ?? {})
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return {
    hits: result.data.hits,
    nbHits: result.data.nbHits,
    page: result.data.page + 1,
    nbPages: result.data.nbPages,
    categories,
  };
}
