import type { MoreCarsSearch, RecentCarsQuery, SimilarCarsQuery } from './more-cars.ts';
import { priceBand, SIMILAR_CARS_LIMIT } from './more-cars.ts';
import { stockFilter } from './search-listing.ts';
import type { CarSearchRequest } from './search-result.ts';
import type { SearchState } from './search-state.ts';

/**
 * The car page's "more cars" as car searches (issue 37 item 7; the rules in `domain/more-cars.ts`):
 * limited hit lists (`search-detail-finance-watchlist.md` §7 "Limited hit list: a filter and a
 * limit") over the listing's own filter, in stock only. A car is named by its numeric `id` (a
 * numeric filter, which hosted Algolia allows on any number without declaring it a facet).
 */

/** The listing's filter, in stock only, and `extra`. */
function inStock(search: MoreCarsSearch, extra: string): string {
  return `${stockFilter({ ...search.listing, inStockOnly: true })} AND ${extra}`;
}

function request(
  search: MoreCarsSearch,
  state: SearchState,
  filters: string,
  hits: number,
): CarSearchRequest {
  return { indexName: search.indexName, state, facets: [], filters, hitsPerPage: hits };
}

/**
 * The two searches of a car's similar cars: the same body type in its price band (null when the car
 * has no body type or no price), and the same make; both without the car itself. One more hit than
 * is shown each, so a sold car the answer may still hold leaves the row full.
 */
export function similarCarsRequests(query: SimilarCarsQuery): {
  alike: CarSearchRequest | null;
  sameMake: CarSearchRequest;
} {
  const { search, car } = query;
  const others = inStock(search, `id != ${car.id}`);
  const band = priceBand(car.price);
  const hits = SIMILAR_CARS_LIMIT + 1;
  return {
    alike: car.body && band ? request(search, { body: [car.body], price: band }, others, hits) : null,
    sameMake: request(search, { make: [car.make] }, others, hits),
  };
}

/** The search of the viewed cars still in stock (null when there are none to look up). */
export function recentCarsRequest(query: RecentCarsQuery): CarSearchRequest | null {
  if (query.ids.length === 0) return null;
  const named = `(${query.ids.map((id) => `id = ${id}`).join(' OR ')})`;
  return request(query.search, {}, inStock(query.search, named), query.ids.length);
}
