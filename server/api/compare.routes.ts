import type { Hono } from 'hono';
import { isCarAvailable } from '../../domain/car-availability.ts';
import { compareRequest } from '../../domain/contracts/compare.ts';
import type { AppEnv } from '../app-env.ts';
import { getCarBySlug } from '../store/cars.repo.ts';
import { carAnswer } from '../vehicle/vehicle-answer.ts';
import type { ApiDeps } from './api-deps.ts';
import { siteOrigin } from './cars.routes.ts';
import { apiRouter, serve } from './serve.ts';

/**
 * The comparison's API (issue 19 item 1; contract in `domain/contracts/compare.ts`): up to four of
 * this site's cars by slug, in the order asked. A car another dealer sells, one hidden from the
 * website, a sold one or an unknown slug answers `car: null` — the page says it is no longer
 * available — so a shared address never fails.
 */
export function compareRoutes(deps: ApiDeps): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  return apiRouter(
    serve(compareRequest, async (c, { query }) => {
      const site = c.get('site');
      const ids = site.dealerships.map((d) => d.id);
      const at = now();
      const slugs = [...new Set(query.cars)];
      const cars = await Promise.all(
        slugs.map(async (slug) => {
          const car = await getCarBySlug(deps.db, ids, slug);
          const offered = car?.show_on_dealer_website && isCarAvailable(car);
          return { slug, car: car && offered ? carAnswer(site, car, at, '').car : null };
        }),
      );
      return { cars, as_of: at.toISOString(), origin: siteOrigin(c) };
    }),
  );
}
