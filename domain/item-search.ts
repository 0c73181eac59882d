import { z } from 'zod/mini';
import { PARTS_SEARCH_PATH } from './content-pages.ts';
import { formatPrice } from './format.ts';
import type { SearchEndpoint } from './search-result.ts';

/**
 * The parts and accessories search (`search-detail-finance-watchlist.md` §7 "Dealership item search:
 * categories and price; page size 21"; `locations-forms-tradein-site.md` §2 `/parts/search`): the
 * dealer's items, searched by text, narrowed to a category and a top price, 21 a page. Its state
 * lives in the address (`/parts/search?query=tow&category=Towing&max_price=250&page=2`), so every
 * search is a link.
 */

export { PARTS_SEARCH_PATH };
/** §7: items per page. */
export const ITEM_PAGE_SIZE = 21;
/** The top prices a shopper may choose (dollars, GST included). */
export const ITEM_PRICE_LIMITS = [50, 100, 250, 500, 1000] as const;

/** What a parts search asks for. */
export interface ItemSearchState {
  readonly query?: string;
  readonly category?: string;
  readonly maxPrice?: (typeof ITEM_PRICE_LIMITS)[number];
  /** 1-based; page 1 is no page. */
  readonly page?: number;
}

/**
 * What a parts search runs, and what the parts page's `runItemSearch` receives: the site's search
 * connection, its `items` index and the state the address holds.
 */
export interface ItemSearchQuery {
  endpoint: SearchEndpoint;
  /** The `items` index (`search_connection.indices.items`). */
  index: string;
  state: ItemSearchState;
}

const text = (max: number) =>
  z.pipe(
    z.string(),
    z.transform((value) => value.trim().slice(0, max)),
  );

/**
 * Reads the state from the address's query. Never throws: a value out of shape is dropped (an unknown
 * top price, a page past 1000, text past its length), so any link opens a search.
 */
export function parseItemSearch(search: string): ItemSearchState {
  const params = new URLSearchParams(search);
  const query = text(200).safeParse(params.get('query') ?? '');
  const category = text(100).safeParse(params.get('category') ?? '');
  const maxPrice = Number(params.get('max_price'));
  const page = Number(params.get('page'));
  return {
    ...(query.success && query.data !== '' && { query: query.data }),
    ...(category.success && category.data !== '' && { category: category.data }),
    ...((ITEM_PRICE_LIMITS as readonly number[]).includes(maxPrice) && {
      maxPrice: maxPrice as ItemSearchState['maxPrice'],
    }),
    ...(Number.isInteger(page) && page > 1 && page <= 1000 && { page }),
  };
}

/** The address of a parts search: the path, and the state's query in a fixed order. */
export function itemSearchHref(state: ItemSearchState): string {
  const params = new URLSearchParams();
  if (state.query) params.set('query', state.query);
  if (state.category) params.set('category', state.category);
  if (state.maxPrice) params.set('max_price', String(state.maxPrice));
  if (state.page && state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query === '' ? PARTS_SEARCH_PATH : `${PARTS_SEARCH_PATH}?${query}`;
}

/** The top price's label: `Up to $250`. */
export const maxPriceLabel = (limit: number): string => `Up to ${formatPrice(limit)}`;

/** The `items` index query of a state (algoliasearch v5's search params). */
export function itemSearchParams(state: ItemSearchState) {
  return {
    query: state.query ?? '',
    page: (state.page ?? 1) - 1,
    hitsPerPage: ITEM_PAGE_SIZE,
    facets: ['categories'],
    maxValuesPerFacet: 100,
    facetFilters: state.category ? [[`categories:${state.category.replace(/^-/, '\\-')}`]] : [],
    numericFilters: state.maxPrice ? [`price<=${state.maxPrice}`] : [],
    attributesToRetrieve: ['name', 'categories', 'price', 'image_url', 'dealership_id'],
    attributesToHighlight: [],
  };
}

const mediaUrl = z.string().check(z.regex(/^(\/|https?:\/\/)\S*$/, 'must be a site path or an http(s) URL'));

/** One item of the results. */
export const itemHitSchema = z.object({
  objectID: z.string().check(z.minLength(1)),
  name: z.string(),
  categories: z.array(z.string()),
  price: z.nullable(z.number()),
  image_url: z.catch(z.nullable(z.optional(mediaUrl)), null),
  /** The dealership that sells it: its parts desk takes the enquiry. */
  dealership_id: z.optional(z.int()),
});
/** One item of a parts search. */
export type ItemHit = z.infer<typeof itemHitSchema>;

/** The `items` index's answer as a parts search reads it. */
export const itemSearchAnswerSchema = z.object({
  hits: z.array(itemHitSchema),
  nbHits: z.int().check(z.minimum(0)),
  page: z.int().check(z.minimum(0)),
  nbPages: z.int().check(z.minimum(0)),
  facets: z._default(z.record(z.string(), z.record(z.string(), z.number())), {}),
});

/** One page of a parts search, with the categories of every match and their counts. */
export interface ItemSearchResult {
  readonly hits: readonly ItemHit[];
  readonly nbHits: number;
  /** 1-based. */
  readonly page: number;
  readonly nbPages: number;
  readonly categories: readonly { readonly name: string; readonly count: number }[];
}
