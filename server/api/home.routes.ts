import type { Hono } from 'hono';
import { homeEndpoint } from '../../domain/contracts/home.ts';
import type { AppEnv } from '../app-env.ts';
import { apiRouter, serve } from './serve.ts';

/** `GET /api/home`: the resolved dealer's home page content. */
export function homeRoutes(): Hono<AppEnv> {
  return apiRouter(
    serve(homeEndpoint, (c) => {
      const site = c.get('site');
      return {
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
