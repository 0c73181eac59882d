/**
 * The dealer's content pages (`locations-forms-tradein-site.md` §2 Routes: company pages, content
 * pages, trade-in terms, location pages). Two kinds: pages built from the site's own settings (the
 * trade-in terms state that dealer's limits; the locations list its dealerships and hours), and the
 * dealer's own words, written in Markdown in its tenant folder (`tenants/<slug>/pages/*.md`, issue 18
 * item 7) and rendered on the server. A dealer without a page for a path answers it with not found.
 */
export type ContentPageId = 'tradeInTerms' | 'dealerships' | 'location';

/** §2: "/pages/value-my-car-terms-and-conditions (or without the /pages prefix)". */
export const TRADE_IN_TERMS_PATH = '/pages/value-my-car-terms-and-conditions';
/** Issue 19: a comparison of up to four cars (`domain/compare.ts`). */
export const COMPARE_PATH = '/compare';
/** Issue 19: the shopper's saved searches (`domain/saved-search.ts`). */
export const SAVED_SEARCHES_PATH = '/saved-searches';
/** Issue 19: where an alert email's unsubscribe link leads (no sign-in needed: it carries a token). */
export const UNSUBSCRIBE_PATH = '/saved-searches/unsubscribe';
/** Issue 37 item 9: where a saved search's confirmation email links (a search saved with just an email). */
export const CONFIRM_SEARCH_PATH = '/saved-searches/confirm';
/** §2 "/parts/search": the parts and accessories search (`domain/item-search.ts`). */
export const PARTS_SEARCH_PATH = '/parts/search';
/** §2: the dealer's locations. */
export const DEALERSHIPS_PATH = '/dealerships';

/** The pages built from the site's settings, on every path the spec gives each. */
export const CONTENT_PAGES: readonly { id: ContentPageId; paths: readonly string[] }[] = [
  { id: 'tradeInTerms', paths: [TRADE_IN_TERMS_PATH, '/value-my-car-terms-and-conditions'] },
  { id: 'dealerships', paths: [DEALERSHIPS_PATH] },
];

/**
 * The paths a dealer may write a page for (§2 company, content and service pages), and the pages the
 * server writes from the store (offers, the model range). The router reads this list, so it holds
 * the paths the demo dealers use; another of §2's pages (a maker's finance or brand page) is one line
 * here and a Markdown file in the dealer's folder.
 */
export const CONTENT_PAGE_PATHS = [
  '/about-us',
  '/terms-and-conditions',
  '/privacy-policy',
  '/pages/faqs',
  '/warranty',
  '/roadside-assist',
  '/vehicle-parts-and-accessories',
  '/accessories',
  '/special-offers',
  '/offers',
  '/models',
  '/reviews',
  // §2's finance, brand and content pages the demo dealers' link maps name (decision 108).
  '/finance-pre-approval',
  '/mazda-finance-page',
  '/mazda-assured',
  '/guaranteed-future-value',
  '/pages/mazda-bt-50-ute-centre',
  '/pages/mazda-bt-50-fleet',
  '/diamond-advantage',
  '/buying',
] as const;

/** What `/models?body=` may name: a body type is one word (`suvs`, `Utes`). */
export const MODEL_BODY_PATTERN = /^[A-Za-z]{1,20}$/;

/** `/models?body=suvs` (§2 "/models?body={body-name}"): the model range of one body type. */
export const modelsByBodyPath = (category: string) =>
  `/models?body=${encodeURIComponent(category.toLowerCase())}`;

/** §2 "/locations/{slug}": one location's page, the router's pattern and the path's. */
export const LOCATION_PAGE_ROUTE = '/locations/:location';
const LOCATION_PAGE_PATH = /^\/locations\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** `/locations/bayside-mazda-moorabbin`. */
export const locationPagePath = (slug: string) => `/locations/${encodeURIComponent(slug)}`;

/** A promotion's own page (issue 18 item 5): `/special-offers/{id}`, the router's pattern and the path's. */
export const PROMOTION_PAGE_ROUTE = '/special-offers/:promotion';
export const PROMOTION_PAGE_PATH = /^\/special-offers\/([1-9]\d{0,8})$/;

/** `/special-offers/12` for promotion 12. */
export const promotionPagePath = (id: number) => `/special-offers/${id}`;

/** The page a path shows: one built from the settings, or the dealer's own words at that path. */
export type ContentPageRef =
  | { kind: 'builtIn'; id: ContentPageId /** `location`: which one. */; slug?: string }
  | { kind: 'written'; path: string /** `/models?body=`: one body type of the range. */; body?: string };

const bare = (path: string) => path.split('?')[0]?.replace(/\/+$/, '') ?? '';

/** The content page a path shows, or null. */
export function contentPageAt(path: string): ContentPageId | null {
  return CONTENT_PAGES.find((page) => page.paths.includes(bare(path)))?.id ?? null;
}

/**
 * What a content route shows (null: not a content route, or a location the dealer does not show);
 * `search` carries `/models`'s `body`, `locations` the dealer's locations for `/locations/{slug}`.
 */
export function contentPageRef(
  path: string,
  search = '',
  locations: readonly { slug: string; visible: boolean }[] = [],
): ContentPageRef | null {
  const id = contentPageAt(path);
  if (id) return { kind: 'builtIn', id };
  const written = bare(path);
  const location = LOCATION_PAGE_PATH.exec(written)?.[1];
  if (location !== undefined) {
    return locations.some((entry) => entry.slug === location && entry.visible)
      ? { kind: 'builtIn', id: 'location', slug: location }
      : null;
  }
  if (!(CONTENT_PAGE_PATHS as readonly string[]).includes(written) && !PROMOTION_PAGE_PATH.test(written))
    return null;
  const body = written === '/models' ? new URLSearchParams(search).get('body') : null;
  return body && MODEL_BODY_PATTERN.test(body)
    ? { kind: 'written', path: written, body }
    : { kind: 'written', path: written };
}
