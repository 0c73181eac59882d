import { type ContentPageRef, contentPageRef } from '../../domain/content-pages.ts';
import { type SitePageAnswer, sitePageEndpoint } from '../../domain/contracts/pages.ts';
import { ServiceError } from '../errors.ts';
import { call, type Http } from '../http.ts';

/** A content page's words: the dealer's page from `GET /api/pages`, or nothing for a built-in one. */
export async function fetchContentPage(http: Http, ref: ContentPageRef): Promise<SitePageAnswer | null> {
  if (ref.kind === 'builtIn') return null;
  // A path the route's pattern takes but no page can have (`/special-offers/nope`) is not found.
  if (!contentPageRef(ref.path)) {
    throw new ServiceError('notFound', 'This dealer has no such page', {
      status: 404,
      code: 'page_not_found',
    });
  }
  return call(http, sitePageEndpoint, {
    query: ref.body ? { path: ref.path, body: ref.body } : { path: ref.path },
  });
}
