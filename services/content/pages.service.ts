import type { ContentPageRef } from '../../domain/content-pages.ts';
import { type SitePageAnswer, sitePageEndpoint } from '../../domain/contracts/pages.ts';
import { call, type Http } from '../http.ts';

/** A content page's words: the dealer's page from `GET /api/pages`, or nothing for a built-in one. */
export async function fetchContentPage(http: Http, ref: ContentPageRef): Promise<SitePageAnswer | null> {
  if (ref.kind === 'builtIn') return null;
  return call(http, sitePageEndpoint, { query: { path: ref.path } });
}
