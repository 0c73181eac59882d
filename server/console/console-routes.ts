import { Hono } from 'hono';
import { apiRouter } from '../api/serve.ts';
import type { AppEnv } from '../app-env.ts';
import { type HoursConsoleDeps, hoursConsoleEndpoints } from './hours/hours.routes.ts';
import { type LeadsConsoleDeps, leadsConsoleEndpoints } from './leads/leads.routes.ts';
import { type OffersConsoleDeps, offersConsoleEndpoints } from './offers/offers.routes.ts';
import {
  type ReservationsConsoleDeps,
  reservationsConsoleEndpoints,
} from './reservations/reservations.routes.ts';
import { type StaffConsoleDeps, staffConsoleEndpoints } from './staff/staff.routes.ts';
import { staffSession } from './staff-session.ts';
import { type StockConsoleDeps, stockConsoleEndpoints } from './stock/stock.routes.ts';

/**
 * What the dealer console's routes use (issue 36): the store and clock every area shares, and each
 * area's own. An area ADDS its deps type here (`& <Area>ConsoleDeps`).
 */
export type ConsoleDeps = StaffConsoleDeps &
  LeadsConsoleDeps &
  ReservationsConsoleDeps &
  StockConsoleDeps &
  OffersConsoleDeps &
  HoursConsoleDeps;

/**
 * The dealer console's API (`/api/dealer/*`), mounted at `/api` after tenant resolution: the staff
 * session is read first (`c.var.staff`, this site's members only), every answer is `no-store`, and
 * each endpoint is served through `serve()`, which enforces its contract's `staff`. An area ADDS its
 * `…ConsoleEndpoints(deps)` to the list (one line).
 */
export function consoleApiRoutes(deps: ConsoleDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/dealer/*', async (c, next) => {
    c.header('cache-control', 'no-store');
    await next();
  });
  app.use('/dealer/*', staffSession(deps));
  app.route(
    '/',
    apiRouter(
      // Staff, sessions and the audit log (issue 36 items 2 and 8).
      ...staffConsoleEndpoints(deps),
      // The leads inbox (issue 36 item 3).
      ...leadsConsoleEndpoints(deps),
      // Reservations: confirm a sale, release a hold (issue 36 item 4).
      ...reservationsConsoleEndpoints(deps),
      // Stock: uploads, the feed and cars by hand (issue 36 item 5).
      ...stockConsoleEndpoints(deps),
      // Offers and opening hours (issue 36 item 6).
      ...offersConsoleEndpoints(deps),
      ...hoursConsoleEndpoints(deps),
    ),
  );
  return app;
}

/**
 * The staff session on the console's pages (`/dealer`, `/dealer/*`), mounted with the site routes:
 * the page's render finds the member as `c.var.staff`.
 */
export function consolePageSession(deps: Pick<ConsoleDeps, 'db' | 'now'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const session = staffSession(deps);
  app.use('/dealer', session);
  app.use('/dealer/*', session);
  return app;
}
