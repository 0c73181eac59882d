import { matchRoute } from 'wouter';
import {
  COMPARE_PATH,
  CONFIRM_SEARCH_PATH,
  CONTENT_PAGE_PATHS,
  CONTENT_PAGES,
  DEALERSHIPS_PATH,
  LOCATION_PAGE_ROUTE,
  PARTS_SEARCH_PATH,
  PROMOTION_PAGE_ROUTE,
  SAVED_SEARCHES_PATH,
  UNSUBSCRIBE_PATH,
} from '../../domain/content-pages.ts';
import {
  CHECKOUT_JOURNEY_PATH,
  FINANCE_ROUTE_PATTERNS,
  RESERVE_ROUTE_PATTERNS,
} from '../../domain/gated-routes.ts';
import {
  LOCATION_CONTACT_ROUTE,
  SERVICE_PATH,
  SITE_FORM_PAGES,
  SUCCESS_PATH,
  TEST_DRIVE_PATH,
} from '../../domain/lead-routes.ts';
import { FORGOT_PASSWORD_PATH, SET_PASSWORD_PATH, SIGN_IN_PATH } from '../../domain/return-path.ts';
import { WATCHLIST_PATH } from '../../domain/watchlist.ts';
import { parseRoute } from '../ui/route-parser.ts';
import type { PageDefinition } from './page-definition.ts';

/**
 * One route of the storefront. Its page — machine, head and view — lives in its own module, loaded
 * the first time the route is shown, so each route's JavaScript arrives with that route only
 * (decision 070). The server loads it before rendering and names `source` for a modulepreload link;
 * the browser loads it before hydrating.
 */
export interface PageRoute {
  id: string;
  /** A wouter pattern. */
  path: string;
  /** The page module, from the project root: the build manifest's key for its chunk. */
  source: string;
  load(): Promise<PageDefinition>;
}

const loaded = new Map<string, PageDefinition>();
const loading = new Map<string, Promise<PageDefinition>>();

function route(id: string, path: string, source: string, load: () => Promise<PageDefinition>): PageRoute {
  return {
    id,
    path,
    source,
    load() {
      const pending =
        loading.get(id) ??
        load().then(
          (page) => {
            loaded.set(id, page);
            return page;
          },
          (error: unknown) => {
            // A failed download (a dropped connection, a new deployment) may be tried again.
            loading.delete(id);
            throw error;
          },
        );
      loading.set(id, pending);
      return pending;
    },
  };
}

/** Every machine-driven route, in matching order. Unknown paths render the not-found page. */
export const pageRoutes: readonly PageRoute[] = [
  route('home', '/', 'views/home/home-page.tsx', () =>
    import('../home/home-page.tsx').then((module) => module.homePage),
  ),
  route('search', '/search/*?', 'views/search/search-page.tsx', () =>
    import('../search/search-page.tsx').then((module) => module.searchPage),
  ),
  // Before the car page: `/cars/trade-in` is the trade-in page, not a car.
  ...['/trade-in', '/sell-my-car', '/cars/trade-in'].map((path) =>
    route(`tradeIn:${path}`, path, 'views/trade-in/trade-in-page.tsx', () =>
      import('../trade-in/trade-in-page.tsx').then((module) => module.tradeInPage),
    ),
  ),
  route('vehicle', '/cars/:slug', 'views/vehicle/vehicle-page.tsx', () =>
    import('../vehicle/vehicle-page.tsx').then((module) => module.vehiclePage),
  ),
  route('signIn', SIGN_IN_PATH, 'views/account/sign-in-page.tsx', () =>
    import('../account/sign-in-page.tsx').then((module) => module.signInPage),
  ),
  // The emailed account links' page and "Forgot password?" (issue 31 item 2, decision 104).
  route('setPassword', SET_PASSWORD_PATH, 'views/account/set-password-page.tsx', () =>
    import('../account/set-password-page.tsx').then((module) => module.setPasswordPage),
  ),
  route('forgotPassword', FORGOT_PASSWORD_PATH, 'views/account/forgot-password-page.tsx', () =>
    import('../account/forgot-password-page.tsx').then((module) => module.forgotPasswordPage),
  ),
  route('watchlist', WATCHLIST_PATH, 'views/watchlist/watchlist-page.tsx', () =>
    import('../watchlist/watchlist-page.tsx').then((module) => module.watchlistPage),
  ),
  ...[...SITE_FORM_PAGES.map((page) => page.path), LOCATION_CONTACT_ROUTE].map((path) =>
    route(`form:${path}`, path, 'views/forms/site-form-page.tsx', () =>
      import('../forms/site-form-page.tsx').then((module) => module.siteFormPage),
    ),
  ),
  route('unsubscribe', UNSUBSCRIBE_PATH, 'views/saved-searches/unsubscribe-page.tsx', () =>
    import('../saved-searches/unsubscribe-page.tsx').then((module) => module.unsubscribePage),
  ),
  route('confirmSearch', CONFIRM_SEARCH_PATH, 'views/saved-searches/confirm-search-page.tsx', () =>
    import('../saved-searches/confirm-search-page.tsx').then((module) => module.confirmSearchPage),
  ),
  route('savedSearches', SAVED_SEARCHES_PATH, 'views/saved-searches/saved-searches-page.tsx', () =>
    import('../saved-searches/saved-searches-page.tsx').then((module) => module.savedSearchesPage),
  ),
  route('compare', COMPARE_PATH, 'views/compare/compare-page.tsx', () =>
    import('../compare/compare-page.tsx').then((module) => module.comparePage),
  ),
  route('partsSearch', PARTS_SEARCH_PATH, 'views/parts/parts-search-page.tsx', () =>
    import('../parts/parts-search-page.tsx').then((module) => module.partsSearchPage),
  ),
  route('testDrive', TEST_DRIVE_PATH, 'views/forms/test-drive-page.tsx', () =>
    import('../forms/test-drive-page.tsx').then((module) => module.testDrivePage),
  ),
  route('service', SERVICE_PATH, 'views/forms/service-booking-page.tsx', () =>
    import('../forms/service-booking-page.tsx').then((module) => module.serviceBookingPage),
  ),
  ...[
    ...CONTENT_PAGES.flatMap((page) => page.paths).filter((path) => path !== DEALERSHIPS_PATH),
    ...CONTENT_PAGE_PATHS,
    PROMOTION_PAGE_ROUTE,
  ].map((path) =>
    route(`content:${path}`, path, 'views/content/content-page.tsx', () =>
      import('../content/content-page.tsx').then((module) => module.contentPage),
    ),
  ),
  // The dealer's locations are their own flow (issue 32 item 2).
  ...[DEALERSHIPS_PATH, LOCATION_PAGE_ROUTE].map((path) =>
    route(`locations:${path}`, path, 'views/locations/locations-page.tsx', () =>
      import('../locations/locations-page.tsx').then((module) => module.locationsPage),
    ),
  ),
  route('success', SUCCESS_PATH, 'views/forms/success-page.tsx', () =>
    import('../forms/success-page.tsx').then((module) => module.successPage),
  ),
  // A car's reservation: the reserve wizard runs behind the same gate as the other gated routes.
  ...RESERVE_ROUTE_PATTERNS.map((pattern) =>
    route(`reserve:${pattern}`, pattern, 'views/reserve/reserve-page.tsx', () =>
      import('../reserve/reserve-page.tsx').then((module) => module.reservePage),
    ),
  ),
  route('checkoutJourney', CHECKOUT_JOURNEY_PATH, 'views/reserve/reserve-page.tsx', () =>
    import('../reserve/reserve-page.tsx').then((module) => module.checkoutJourneyPage),
  ),
  // The finance routes: the calculator and the application, behind the same gate.
  ...FINANCE_ROUTE_PATTERNS.map((pattern) =>
    route(`finance:${pattern}`, pattern, 'views/finance/finance-page.tsx', () =>
      import('../finance/finance-page.tsx').then((module) => module.financePage),
    ),
  ),
];

/** The route whose pattern matches a path, with wouter's own parser (as the browser's router matches it). */
export function matchPageRoute(path: string): PageRoute | undefined {
  return pageRoutes.find((candidate) => matchRoute(parseRoute, candidate.path, path)[0]);
}

/** A route's page if it has been loaded already (render it at once), else undefined (load it first). */
export function loadedPage(route: PageRoute): PageDefinition | undefined {
  return loaded.get(route.id);
}

/**
 * Loads a route's page when the shopper shows the intent to open it — the pointer over a link, a
 * touch on it, or keyboard focus — so the page is usually there by the click, while a visit that
 * never leaves the first page downloads and runs no other page's code (decision 070). `alsoLoad`
 * runs then too, for what an opened page reads with (the query cache's client, decision 138).
 * Returns the function that stops listening.
 */
export function preloadPagesOnIntent(document: Document, alsoLoad: () => void = () => undefined): () => void {
  const preload = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== document.location.origin) return;
    const route = matchPageRoute(link.pathname);
    if (!route) return;
    void route.load().catch(() => undefined);
    alsoLoad();
  };
  const types = ['pointerover', 'touchstart', 'focusin'];
  for (const type of types) document.addEventListener(type, preload, { passive: true, capture: true });
  return () => {
    for (const type of types) document.removeEventListener(type, preload, { capture: true });
  };
}

/** Loads every route's page (the server at start; view tests before rendering). */
export async function loadAllPages(): Promise<void> {
  await Promise.all(pageRoutes.map((candidate) => candidate.load()));
}
