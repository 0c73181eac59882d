import type { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import type { Db } from '../store/db.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { carsRoutes } from './cars.routes.ts';
import { homeRoutes } from './home.routes.ts';
import { watchlistRoutes } from './watchlist.routes.ts';

/** What `/api` route modules may use: the store (tenant, user and ownership checks are theirs). */
export interface ApiDeps {
  db: Db;
  /** The clock of time rules (tests pin it); the system clock by default. */
  now?: () => Date;
}

/**
 * Every `/api` route module of the resolved tenant, mounted at `/api` after tenant resolution.
 * A new area adds its `<area>.routes.ts` here (one line).
 */
export function apiRoutes(deps: ApiDeps): Hono<AppEnv>[] {
  void deps;
  return [homeRoutes(), carsRoutes(deps), authRoutes(deps), watchlistRoutes(deps), analyticsRoutes(deps)];
}
