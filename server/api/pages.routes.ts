import type { Hono } from 'hono';
import { STATE_TIME_ZONES } from '../../domain/au-state.ts';
import { PROMOTION_PAGE_PATH } from '../../domain/content-pages.ts';
import { sitePageRequest } from '../../domain/contracts/pages.ts';
import { modelBodyOf, modelMakesOf, modelRange } from '../../domain/model.ts';
import { promotionPhase } from '../../domain/promotion.ts';
import type { AppEnv } from '../app-env.ts';
import { modelsPage, offersPage, promotionPage, reviewsPage } from '../content/built-pages.ts';
import { loadSitePages } from '../content/site-pages.ts';
import { listModels } from '../store/makes.repo.ts';
import { getPromotion, listPromotions } from '../store/promotions.repo.ts';
import { listReviews } from '../store/reviews.repo.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { apiRouter, serve } from './serve.ts';

/**
 * The dealer's own pages (`tenants/<slug>/pages/*.md`), rendered once at start, and the pages written
 * from the store: the current promotions and the model range.
 */
export function pagesRoutes(deps: ApiDeps): Hono<AppEnv> {
  const pages = deps.pages ?? loadSitePages();
  const now = deps.now ?? (() => new Date());
  return apiRouter(
    serve(sitePageRequest, async (c, { query }) => {
      const site = c.get('site');
      if (query.path === '/special-offers' || query.path === '/offers') {
        const promotions = await listPromotions(deps.db, site.id, { activeAt: now() });
        const timeZone = STATE_TIME_ZONES[site.address.state];
        return offersPage(query.path, site.name, promotions, timeZone);
      }
      const promotionId = PROMOTION_PAGE_PATH.exec(query.path)?.[1];
      if (promotionId) {
        const at = now();
        const promotion = await getPromotion(deps.db, site.id, Number(promotionId));
        if (!promotion || promotionPhase(promotion, at) === 'upcoming') {
          return apiError(c, 404, 'page_not_found', 'This dealer has no such offer');
        }
        const current = await listPromotions(deps.db, site.id, { activeAt: at });
        return promotionPage(promotion, current, at, STATE_TIME_ZONES[site.address.state]);
      }
      if (query.path === '/models' && site.manufacturer) {
        const range = modelRange(await listModels(deps.db), modelMakesOf(site));
        return modelsPage(site.name, range, modelBodyOf(query.body));
      }
      if (query.path === '/reviews') {
        const list = await listReviews(
          deps.db,
          { siteId: site.id },
          now(),
          site.reviews.google_reviews_shown,
        );
        return reviewsPage(site, list);
      }
      const page = pages.get(site.slug)?.get(query.path);
      if (!page) return apiError(c, 404, 'page_not_found', 'This dealer has no such page');
      c.header('cache-control', 'public, max-age=300');
      return page;
    }),
  );
}
