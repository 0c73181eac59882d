import type { Hono } from 'hono';
import { homeEndpoint } from '../../domain/contracts/home.ts';
import type { AppEnv } from '../app-env.ts';
import { listPromotions } from '../store/promotions.repo.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiRouter, serve } from './serve.ts';

/** `GET /api/home`: the resolved dealer's home page content, with its promotions running now. */
export function homeRoutes(deps: Partial<ApiDeps> = {}): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  return apiRouter(
    serve(homeEndpoint, async (c) => {
      const site = c.get('site');
      const promotions = deps.db ? await listPromotions(deps.db, site.id, { activeAt: now() }) : [];
      return {
        promotions: promotions.map((promotion) => ({
          id: promotion.id,
          title: promotion.title,
          description: promotion.description,
          image_url: promotion.image.url,
          link: promotion.link,
          expires_at: promotion.expires_at,
        })),
        name: site.name,
        tagline: site.tagline,
        description: site.description,
        dealerships: site.dealerships.map((d) => ({ name: d.name, slug: d.slug, phone: d.phone })),
        locations: site.locations
          .filter((l) => l.visible)
          .map(({ name, slug, location_type, phone, address }) => ({
            name,
            slug,
            location_type,
            phone,
            address,
          })),
      };
    }),
  );
}
