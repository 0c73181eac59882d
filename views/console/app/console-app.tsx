import { Route, Router, Switch } from 'wouter';
import type { StaffMember } from '../../../domain/staff.ts';
import type { Http } from '../../../services/http.ts';
import type { PublicSite } from '../../../tenants/public-site.ts';
import type { AppLocation } from '../../app/app.tsx';
import type { RestoredPage } from '../../app/page-host.tsx';
import { SiteProvider } from '../../app/site-context.tsx';
import { pageStyles } from '../../ui/page-styles.ts';
import { parseRoute } from '../../ui/route-parser.ts';
import { ConsoleLayout } from '../layout/console-layout.tsx';
import { consoleStyles } from '../layout/console-styles.ts';
import { ConsoleNavigationProvider } from './console-navigation.tsx';
import { ConsoleRoutedPage } from './console-page-host.tsx';
import { ConsoleShellProvider } from './console-shell.tsx';
import { consoleNavigation, consoleRoutes } from './pages.ts';

/** `/dealer/…` that is no console page. */
export function ConsoleNotFound() {
  return (
    <section className={consoleStyles.page}>
      <h1 className={pageStyles.heading}>No such page in the console</h1>
      <p className={pageStyles.text}>
        <a href="/dealer" className={pageStyles.link}>
          Back to the overview
        </a>
      </p>
    </section>
  );
}

/**
 * The dealer console (issue 36, decision 126): the dealer's site, the console's shell (the member),
 * and its routes from the registry (`pages.ts`). Its own app and entry: no storefront layout, no
 * storefront shell.
 */
export function ConsoleApp({
  site,
  member,
  http,
  restored,
  location,
}: {
  site: PublicSite;
  member: StaffMember | null;
  http: Http;
  restored: RestoredPage;
  location: AppLocation;
}) {
  return (
    <SiteProvider site={site}>
      <ConsoleNavigationProvider value={consoleNavigation}>
        <Router {...location} parser={parseRoute}>
          <ConsoleShellProvider member={member} http={http}>
            <Switch>
              {/* Sign-in and invitation: open signed out, without the console's navigation. */}
              {consoleRoutes
                .filter((route) => route.access === 'public')
                .map((route) => (
                  <Route key={route.id} path={route.path}>
                    {() => <ConsoleRoutedPage route={route} http={http} restored={restored} />}
                  </Route>
                ))}
              {/* Every other page in one layout, kept across navigations between them. */}
              <Route>
                <ConsoleLayout>
                  <Switch>
                    {consoleRoutes
                      .filter((route) => route.access !== 'public')
                      .map((route) => (
                        <Route key={route.id} path={route.path}>
                          {() => <ConsoleRoutedPage route={route} http={http} restored={restored} />}
                        </Route>
                      ))}
                    <Route>
                      <ConsoleNotFound />
                    </Route>
                  </Switch>
                </ConsoleLayout>
              </Route>
            </Switch>
          </ConsoleShellProvider>
        </Router>
      </ConsoleNavigationProvider>
    </SiteProvider>
  );
}
