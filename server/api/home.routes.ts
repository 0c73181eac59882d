import { Hono } from 'hono';
import type { HomeContent } from '../../domain/home.ts';
import type { AppEnv } from '../app.ts';

/** `GET /api/home`: the resolved dealer's home page content. */
export function homeRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/home', (c) => {
    const site = c.get('site');
    const home: HomeContent = {
      name: site.name,
      tagline: site.tagline,
      description: site.description,
      dealerships: site.dealerships.map((d) => ({ name: d.name, slug: d.slug, phone: d.phone })),
      locations: site.locations
        .filter((l) => l.visible)
        .map((l) => ({
          name: l.name,
          slug: l.slug,
          location_type: l.location_type,
          phone: l.phone,
          street: l.address.street,
          city: l.address.city,
          state: l.address.state,
          postcode: l.address.postcode,
        })),
    };
    return c.json(home);
  });
}
