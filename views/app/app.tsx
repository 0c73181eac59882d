import { Route, Router, Switch } from 'wouter';
import type { PublicSite } from '../../tenants/public-site.ts';
import { NotFoundPage } from '../layout/not-found-page.tsx';
import { SiteLayout } from '../layout/site-layout.tsx';
import { parseRoute } from '../ui/route-parser.ts';
import { AppToaster } from '../ui/toasts.tsx';
import type { AppDeps } from './app-deps.ts';
import { type RestoredPage, RoutedPage } from './page-host.tsx';
import { pageRoutes } from './pages.ts';
import { QueryCacheProvider } from './query-cache.tsx';
import { ShellProvider } from './shell.tsx';
import { SiteProvider } from './site-context.tsx';

/** Where the app is rendered: on the server (only there) a fixed path and search, in the browser the real location. */
export interface AppLocation {
  ssrPath?: string;
  ssrSearch?: string;
}

/**
 * The storefront: providers, the dealer's layout and the routes. `signedIn` is what the server knew of
 * the session (boot data), shown until the app's watchlist has loaded; false by default.
 */
export function App({
  site,
  signedIn = false,
  deps,
  restored,
  location,
}: {
  site: PublicSite;
  signedIn?: boolean;
  deps: AppDeps;
  restored: RestoredPage;
  location: AppLocation;
}) {
  return (
    <QueryCacheProvider cache={deps.queries}>
      <SiteProvider site={site}>
        <Router {...location} parser={parseRoute}>
          <ShellProvider deps={deps} signedIn={signedIn} server={location.ssrPath !== undefined}>
            <SiteLayout>
              <Switch>
                {pageRoutes.map((route) => (
                  <Route key={route.id} path={route.path}>
                    {() => <RoutedPage route={route} deps={deps} restored={restored} />}
                  </Route>
                ))}
                <Route>
                  <NotFoundPage />
                </Route>
              </Switch>
            </SiteLayout>
          </ShellProvider>
        </Router>
        <AppToaster />
      </SiteProvider>
    </QueryCacheProvider>
  );
}
