/**
 * The dealer's content pages (`locations-forms-tradein-site.md` §2 Routes: company pages, content
 * pages, trade-in terms, location pages). Two kinds: pages built from the site's own settings (the
 * trade-in terms state that dealer's limits; the locations list its dealerships and hours), and the
 * dealer's own words, written in Markdown in its tenant folder (`tenants/<slug>/pages/*.md`, issue 18
 * item 7) and rendered on the server. A dealer without a page for a path answers it with not found.
 */
export type ContentPageId = 'tradeInTerms' | 'dealerships';

/** §2: "/pages/value-my-car-terms-and-conditions (or without the /pages prefix)". */
export const TRADE_IN_TERMS_PATH = '/pages/value-my-car-terms-and-conditions';
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
] as const;

/** A promotion's own page (issue 18 item 5): `/special-offers/{id}`, the router's pattern and the path's. */
export const PROMOTION_PAGE_ROUTE = '/special-offers/:promotion';
export const PROMOTION_PAGE_PATH = /^\/special-offers\/([1-9]\d{0,8})$/;

/** `/special-offers/12` for promotion 12. */
export const promotionPagePath = (id: number) => `/special-offers/${id}`;

/** The page a path shows: one built from the settings, or the dealer's own words at that path. */
export type ContentPageRef = { kind: 'builtIn'; id: ContentPageId } | { kind: 'written'; path: string };

const bare = (path: string) => path.split('?')[0]?.replace(/\/+$/, '') ?? '';

/** The content page a path shows, or null. */
export function contentPageAt(path: string): ContentPageId | null {
  return CONTENT_PAGES.find((page) => page.paths.includes(bare(path)))?.id ?? null;
}

/** What a content route shows (null: not a content route). */
export function contentPageRef(path: string): ContentPageRef | null {
  const id = contentPageAt(path);
  if (id) return { kind: 'builtIn', id };
  const written = bare(path);
  return (CONTENT_PAGE_PATHS as readonly string[]).includes(written) || PROMOTION_PAGE_PATH.test(written)
    ? { kind: 'written', path: written }
    : null;
}
