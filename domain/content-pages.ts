/**
 * The dealer's content pages (`locations-forms-tradein-site.md` §2 Routes): pages of text built from
 * the site's own settings, so each dealer's page states that dealer's terms. Each page answers on
 * every path the spec gives it.
 */
export type ContentPageId = 'tradeInTerms';

/** §2: "/pages/value-my-car-terms-and-conditions (or without the /pages prefix)". */
export const TRADE_IN_TERMS_PATH = '/pages/value-my-car-terms-and-conditions';

export const CONTENT_PAGES: readonly { id: ContentPageId; paths: readonly string[] }[] = [
  { id: 'tradeInTerms', paths: [TRADE_IN_TERMS_PATH, '/value-my-car-terms-and-conditions'] },
];

/** The content page a path shows, or null. */
export function contentPageAt(path: string): ContentPageId | null {
  const bare = path.split('?')[0]?.replace(/\/+$/, '') ?? '';
  return CONTENT_PAGES.find((page) => page.paths.includes(bare))?.id ?? null;
}
