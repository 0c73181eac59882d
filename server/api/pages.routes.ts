import type { Hono } from 'hono';
import { sitePageRequest } from '../../domain/contracts/pages.ts';
import type { AppEnv } from '../app-env.ts';
import { loadSitePages } from '../content/site-pages.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { apiRouter, serve } from './serve.ts';

/** The dealer's own pages (`tenants/<slug>/pages/*.md`), rendered once at start. */
export function pagesRoutes(deps: ApiDeps): Hono<AppEnv> {
  const pages = deps.pages ?? loadSitePages();
  return apiRouter(
    serve(sitePageRequest, (c, { query }) => {
      const page = pages.get(c.get('site').slug)?.get(query.path);
      if (!page) return apiError(c, 404, 'page_not_found', 'This dealer has no such page');
      c.header('cache-control', 'public, max-age=300');
      return page;
    }),
  );
}
