import type { MiddlewareHandler } from 'hono';
import { apiError } from '../api/api-error.ts';
import { isHttps } from './request.ts';

/**
 * Refuses cross-site state changes (CSRF): a POST whose `Sec-Fetch-Site` is not `same-origin` (or
 * `none`, a user's own action), or whose `Origin` is not this request's scheme and host, answers 403. Sibling
 * dealer sites (`a.localhost`, `b.localhost`) are `same-site` to a browser, so only `same-origin`
 * passes. A request with neither header does not come from a browser page and carries no shopper's
 * cookie on its own, so it passes; the session cookie is also `SameSite=Lax`, and bodies must be JSON.
 */
export function sameOriginOnly(): MiddlewareHandler {
  return async (c, next) => {
    const fetchSite = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const refused = () =>
      apiError(c, 403, 'cross_site_request', 'This request must come from a page of this site');
    if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return refused();
    if (origin !== undefined) {
      let from: URL | null = null;
      try {
        from = new URL(origin);
      } catch {
        from = null;
      }
      const scheme = isHttps(c) ? 'https:' : 'http:';
      if (from === null || from.host === '' || from.host !== host || from.protocol !== scheme)
        return refused();
    }
    await next();
  };
}
