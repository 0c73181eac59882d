import type { CarType } from './car.ts';
import type { FacetEntry } from './make-picker.ts';
import { type StockFilterInput, stockFilter } from './search-listing.ts';
import type { CarHit, CarSearchRequest, SearchEndpoint } from './search-result.ts';

/**
 * The stock the home page reads from the search service beside the dealer's content: two limited hit
 * lists (`search-detail-finance-watchlist.md` §7 "Limited hit list: a filter and a limit") — the
 * featured stock, and the makes of the listing for the price-range screen's make dropdown
 * (`locations-forms-tradein-site.md` §2 "Price-range slider screen"; doc 1 §9 the make dropdown).
 */

/** The two searches, and where to send them. */
export interface HomeStockRequest {
  readonly endpoint: SearchEndpoint;
  readonly featured: CarSearchRequest;
  readonly makes: CarSearchRequest;
}

/** What the home page shows of the stock: featured cars, and every make listed with its count. */
export interface HomeStock {
  readonly featured: readonly CarHit[];
  readonly makes: readonly FacetEntry[];
}

/** What the home page's searches are made of (from the site config and switches). */
export interface HomeStockSettings {
  readonly endpoint: SearchEndpoint;
  /** The car index (relevance), whose facets list the makes. */
  readonly index: string;
  /** The newest-first replica: featured stock is the newest in stock. */
  readonly latestIndex: string;
  /** The featured car types (null: every type) and how many cars. */
  readonly featured: { readonly carTypes: readonly CarType[] | null; readonly limit: number };
  /** The listing's own base filter, so every make offered has stock on the page the search opens. */
  readonly listing: StockFilterInput;
}

/** The featured stock and the listing's makes, as two car searches. */
export function homeStockRequest(settings: HomeStockSettings): HomeStockRequest {
  return {
    endpoint: settings.endpoint,
    featured: {
      indexName: settings.latestIndex,
      state: {},
      facets: [],
      filters: stockFilter({
        nowSeconds: settings.listing.nowSeconds,
        inStockOnly: true,
        routeCarTypes: settings.featured.carTypes,
      }),
      hitsPerPage: settings.featured.limit,
    },
    makes: {
      indexName: settings.index,
      state: {},
      facets: ['make'],
      filters: stockFilter(settings.listing),
      hitsPerPage: 0,
      maxValuesPerFacet: 1000,
    },
  };
}
