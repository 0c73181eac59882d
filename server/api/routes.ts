import type { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import type { ApiDeps } from './api-deps.ts';
import { authRoutes } from './auth.routes.ts';
import { careersRoutes } from './careers.routes.ts';
import { carsRoutes } from './cars.routes.ts';
import { compareRoutes } from './compare.routes.ts';
import { homeRoutes } from './home.routes.ts';
import { leadsRoutes } from './leads.routes.ts';
import { localPaymentsRoutes } from './local-payments.routes.ts';
import { locationsRoutes } from './locations.routes.ts';
import { pagesRoutes } from './pages.routes.ts';
import { reserveDepsOf, reserveRoutes } from './reserve.routes.ts';
import { savedSearchesRoutes } from './saved-searches.routes.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';
import { testDrivesRoutes } from './test-drives.routes.ts';
import { tradeInRoutes } from './trade-in.routes.ts';
import { watchlistRoutes } from './watchlist.routes.ts';

/**
 * Every `/api` route module of the resolved tenant, mounted at `/api` after tenant resolution.
 * A new area adds its `<area>.routes.ts` here (one line).
 */
export function apiRoutes(deps: ApiDeps): Hono<AppEnv>[] {
  const reserve = reserveDepsOf(deps);
  // The local provider's confirmation stands in for Stripe.js only where that provider serves a
  // processor; Stripe's webhook only where its endpoint secret is set (issue 34).
  const local = Object.values(reserve.payments).some((provider) => provider.name === 'local');
  return [
    homeRoutes(deps),
    carsRoutes(deps),
    compareRoutes(deps),
    authRoutes(deps),
    watchlistRoutes(deps),
    savedSearchesRoutes(deps),
    analyticsRoutes(deps),
    leadsRoutes(deps),
    testDrivesRoutes(deps),
    tradeInRoutes(deps),
    careersRoutes(deps),
    reserveRoutes({ ...deps, payments: reserve.payments, sites: reserve.sites }),
    ...(local ? [localPaymentsRoutes(deps)] : []),
    ...(deps.stripeWebhookSecret
      ? [
          stripeWebhookRoutes({
            reserve,
            secret: deps.stripeWebhookSecret,
            logger: deps.logger ?? { info: () => {}, warn: () => {}, error: () => {} },
            ...(deps.limiters ? { limiters: deps.limiters } : {}),
          }),
        ]
      : []),
    pagesRoutes(deps),
    locationsRoutes(deps),
  ];
}
