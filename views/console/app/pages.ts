import { matchRoute } from 'wouter';
import {
  CONSOLE_INVITATION_PATH,
  CONSOLE_PATH,
  CONSOLE_SIGN_IN_PATH,
} from '../../../domain/console-paths.ts';
import { roleAllows, type StaffAccess, type StaffMember } from '../../../domain/staff.ts';
import { parseRoute } from '../../ui/route-parser.ts';
import type { ConsolePageDefinition } from './console-page-definition.ts';

/**
 * The dealer console's routes (issue 36): its own app, its own Vite entry (`console.html`), so none of
 * this reaches a storefront route (decision 126). HOW AN AREA ADDS A PAGE — three steps:
 *
 * 1. **The page module**, `views/console/<area>/<area>-page.tsx`, exporting one page definition (copy
 *    `views/console/overview/overview-page.tsx`):
 *    ```tsx
 *    export function LeadsPage({ actorRef }: { actorRef: LeadsPageActorRef }) {
 *      const data = useSelector(actorRef, selectData);            // views render selectors
 *      if (error) return <PageError … />;                         // views/ui, as the storefront
 *      if (!data) return <PageSkeleton label="Loading leads" />;
 *      return <section className={consoleStyles.page}><h1 className={pageStyles.heading}>Leads</h1>…</section>;
 *    }
 *    export const leadsPage = defineConsolePage({
 *      logic: leadsPageLogic,                                     // from ./wiring.ts: machine.provide({ actors })
 *      input: ({ search, params, member }) => ({ filters: parseLeadFilters(search) }),
 *      head: (snapshot, { site }) => ({
 *        title: consolePageTitle('Leads', site),
 *        status: snapshot.matches('failed') ? 500 : 200,
 *      }),
 *      View: LeadsPage,
 *    });
 *    ```
 *    The machine (`machines/console-<area>/…`, in the catalog) tags its in-flight states `loading`
 *    (`createPageLoader` from machines/shared/page-loader.ts for a page that only reads). The wiring
 *    gets `{ http, shell }` (`ConsolePageDeps`): call services in `services/console/<area>.service.ts`
 *    with `call(http, endpoint, …)`. On the server `http` carries the member's staff cookie, so the
 *    page renders with its data and the browser restores the snapshot without refetching.
 * 2. **One registry line** below, in `consoleRoutes` (order = matching order, literal paths before
 *    `:param` ones):
 *    ```ts
 *    consoleRoute({ id: 'leads', path: '/dealer/leads', access: 'sales', nav: 'Leads',
 *      summary: 'Enquiries from the site: answer, note and export them.',
 *      source: 'views/console/leads/leads-page.tsx',
 *      load: () => import('../leads/leads-page.tsx').then((module) => module.leadsPage) }),
 *    ```
 *    `access`: who may open it — `'sales'` (any signed-in member of this dealer), `'manager'`, or
 *    `'public'` (signed out too: sign-in, invitation). `nav`: its label in the console's navigation
 *    (omit for a page reached from another, `/dealer/leads/:id`); `summary`: its line on the overview.
 *    `source`: the module's path from
 *    the project root (the build manifest's key). `path`: a wouter pattern; its `:params` arrive in
 *    `input({ params })` decoded.
 * 3. **Nothing else**: the layout (`views/console/layout/console-layout.tsx`: navigation, member, sign
 *    out) wraps every page that is not `public`; the server renders `/dealer/*` through this registry,
 *    answers a signed-out visit with 302 to `/dealer/sign-in?return=…`, a member whose role may not
 *    open the page with 403, and sends `Cache-Control: no-store` and `X-Robots-Tag: noindex`. Look with
 *    `consoleStyles` (`views/console/layout/console-styles.ts`) and `pageStyles`/`card`/`button` from
 *    views/ui. In e2e, sign in with `signInToConsole(page, { site, role })` (tests/e2e/support/console.ts).
 */
export interface ConsoleRoute {
  id: string;
  /** A wouter pattern under `/dealer`. */
  path: string;
  /** Who may open it: any member of this dealer (`sales`), managers only, or anyone (`public`). */
  access: StaffAccess;
  /** Its label in the console's navigation; none for a page reached from another. */
  nav?: string;
  /** One line under its link on the overview (what the member does there); with `nav`. */
  summary?: string;
  /** The page module, from the project root: the console build manifest's key for its chunk. */
  source: string;
  load(): Promise<ConsolePageDefinition>;
}

const loaded = new Map<string, ConsolePageDefinition>();
const loading = new Map<string, Promise<ConsolePageDefinition>>();

/** A console route whose page module loads once (a failed download may be tried again). */
export function consoleRoute(
  route: Omit<ConsoleRoute, 'load'> & { load(): Promise<ConsolePageDefinition> },
): ConsoleRoute {
  const { load, ...rest } = route;
  return {
    ...rest,
    load() {
      const pending =
        loading.get(route.id) ??
        load().then(
          (page) => {
            loaded.set(route.id, page);
            return page;
          },
          (error: unknown) => {
            loading.delete(route.id);
            throw error;
          },
        );
      loading.set(route.id, pending);
      return pending;
    },
  };
}

/** Every console page, in matching order. Unknown `/dealer/…` paths render the console's not-found page. */
export const consoleRoutes: readonly ConsoleRoute[] = [
  consoleRoute({
    id: 'consoleOverview',
    path: CONSOLE_PATH,
    access: 'sales',
    nav: 'Overview',
    summary: 'Who you are signed in as, and the parts of the console your role opens.',
    source: 'views/console/overview/overview-page.tsx',
    load: () => import('../overview/overview-page.tsx').then((module) => module.overviewPage),
  }),
  consoleRoute({
    id: 'consoleLeads',
    path: '/dealer/leads',
    access: 'sales',
    nav: 'Leads',
    summary: 'Enquiries from the site: filter, answer, note and export them.',
    source: 'views/console/leads/leads-page.tsx',
    load: () => import('../leads/leads-page.tsx').then((module) => module.leadsPage),
  }),
  consoleRoute({
    id: 'consoleLead',
    path: '/dealer/leads/:id',
    access: 'sales',
    source: 'views/console/leads/lead-page.tsx',
    load: () => import('../leads/lead-page.tsx').then((module) => module.leadPage),
  }),
  consoleRoute({
    id: 'consoleReservations',
    path: '/dealer/reservations',
    access: 'sales',
    nav: 'Reservations',
    summary: 'Held cars and their deposits: confirm a sale or release a hold.',
    source: 'views/console/reservations/reservations-page.tsx',
    load: () => import('../reservations/reservations-page.tsx').then((module) => module.reservationsPage),
  }),
  consoleRoute({
    id: 'consoleStock',
    path: '/dealer/stock',
    access: 'manager',
    nav: 'Stock',
    summary: 'Upload stock files, set up the feed, and hide, sell or reprice a car.',
    source: 'views/console/stock/stock-page.tsx',
    load: () => import('../stock/stock-page.tsx').then((module) => module.stockPage),
  }),
  consoleRoute({
    id: 'consoleOffers',
    path: '/dealer/offers',
    access: 'manager',
    nav: 'Offers',
    summary: 'Add, change and end the promotions the site shows.',
    source: 'views/console/offers/offers-page.tsx',
    load: () => import('../offers/offers-page.tsx').then((module) => module.offersPage),
  }),
  consoleRoute({
    id: 'consoleHours',
    path: '/dealer/hours',
    access: 'manager',
    nav: 'Hours',
    summary: 'Holiday closures and special opening hours for each location.',
    source: 'views/console/hours/hours-page.tsx',
    load: () => import('../hours/hours-page.tsx').then((module) => module.hoursPage),
  }),
  consoleRoute({
    id: 'consoleStaff',
    path: '/dealer/staff',
    access: 'manager',
    nav: 'Staff',
    summary: 'Invite members, change their roles and remove them.',
    source: 'views/console/staff/staff-page.tsx',
    load: () => import('../staff/staff-page.tsx').then((module) => module.staffPage),
  }),
  consoleRoute({
    id: 'consoleAudit',
    path: '/dealer/audit',
    access: 'manager',
    nav: 'Audit log',
    summary: 'Every change made in the console: who, what and when.',
    source: 'views/console/staff/audit-page.tsx',
    load: () => import('../staff/audit-page.tsx').then((module) => module.auditPage),
  }),
  consoleRoute({
    id: 'consoleAccount',
    path: '/dealer/account',
    access: 'sales',
    nav: 'Your account',
    summary: 'Your two-step sign-in.',
    source: 'views/console/staff/account-page.tsx',
    load: () => import('../staff/account-page.tsx').then((module) => module.accountPage),
  }),
  consoleRoute({
    id: 'consoleSignIn',
    path: CONSOLE_SIGN_IN_PATH,
    access: 'public',
    source: 'views/console/sign-in/sign-in-page.tsx',
    load: () => import('../sign-in/sign-in-page.tsx').then((module) => module.consoleSignInPage),
  }),
  consoleRoute({
    id: 'consoleInvitation',
    path: CONSOLE_INVITATION_PATH,
    access: 'public',
    source: 'views/console/sign-in/invitation-page.tsx',
    load: () => import('../sign-in/invitation-page.tsx').then((module) => module.consoleInvitationPage),
  }),
];

/** The console route whose pattern matches a path, and its parameters (decoded). */
export function matchConsoleRoute(
  path: string,
): { route: ConsoleRoute; params: Record<string, string> } | undefined {
  for (const route of consoleRoutes) {
    const [matches, params] = matchRoute(parseRoute, route.path, path);
    if (!matches) continue;
    const decoded: Record<string, string> = {};
    for (const [name, value] of Object.entries(params ?? {})) {
      if (typeof value !== 'string') continue;
      try {
        decoded[name] = decodeURIComponent(value);
      } catch {
        decoded[name] = value;
      }
    }
    return { route, params: decoded };
  }
  return undefined;
}

/** A route's page if loaded already (render it at once), else undefined (load it first). */
export function loadedConsolePage(route: ConsoleRoute): ConsolePageDefinition | undefined {
  return loaded.get(route.id);
}

/** Whether a member (or nobody, signed out) may open a route. */
export function mayOpen(
  route: Pick<ConsoleRoute, 'access'>,
  member: Pick<StaffMember, 'role'> | null,
): boolean {
  if (route.access === 'public') return true;
  return member !== null && roleAllows(member.role, route.access);
}

/** The navigation's entries for a member: the routes with a `nav` label their role may open, in order. */
export function consoleNavigation(
  member: Pick<StaffMember, 'role'>,
): { href: string; label: string; summary: string | undefined }[] {
  return consoleRoutes
    .filter((route) => route.nav !== undefined && route.access !== 'public' && mayOpen(route, member))
    .map((route) => ({ href: route.path, label: route.nav ?? route.id, summary: route.summary }));
}

/** Loads every console page (the server at start). */
export async function loadAllConsolePages(): Promise<void> {
  await Promise.all(consoleRoutes.map((route) => route.load()));
}
