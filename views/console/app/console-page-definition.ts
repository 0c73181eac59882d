import type { ComponentType } from 'react';
import type { ActorRefFrom, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import type { StaffMember } from '../../../domain/staff.ts';
import type { Http } from '../../../services/http.ts';
import type { PublicSite } from '../../../tenants/public-site.ts';

/**
 * What the console's shell accepts from a page's wiring: the member signed in (the sign-in and
 * invitation pages) or out. A page machine's action calls `deps.shell.send(...)` in its wiring.
 */
export type ConsoleShellEvent =
  | { type: 'member.signedIn'; member: StaffMember }
  | { type: 'member.signedOut' };

/** The console shell as a page's wiring sees it (decision 075's port, for the console). */
export interface ConsoleShellPort {
  send(event: ConsoleShellEvent): void;
}

/** The shell of a console page run alone (the server's render, a test): it has no one to tell. */
export const inertConsoleShell: ConsoleShellPort = { send: () => undefined };

/**
 * What binds a console page's machine to its services for one app instance (one tab, or one server
 * render): the HTTP client (on the server it calls the app in-process with the staff cookie of the
 * request) and the console's shell.
 */
export interface ConsolePageDeps {
  http: Http;
  shell: ConsoleShellPort;
}

/** Where a console page is rendered: the site, the member (null signed out), the raw path and search, the route's parameters. */
export interface ConsolePageLocation {
  site: PublicSite;
  member: StaffMember | null;
  path: string;
  search: string;
  /** The route pattern's parameters (`/dealer/leads/:id` → `{ id: '123' }`), decoded. */
  params: Record<string, string>;
}

/** The title and status a console page answers with, from its settled snapshot. Console pages are never indexed. */
export interface ConsolePageHead {
  title: string;
  status: number;
  /** A same-site path the server answers a first load with instead of the page (302). */
  redirectTo?: string;
}

/**
 * One console page: a page machine (in-flight states tagged `loading`, as the storefront's), its
 * input, its head and its view. The server runs the machine to a settled state with the member's
 * cookie and embeds the snapshot; the browser restores it (no refetch), exactly as a storefront page.
 */
export interface ConsolePageDefinition<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The page machine with its actors bound (the page's `wiring.ts`). */
  logic(deps: ConsolePageDeps): TMachine;
  input?(location: ConsolePageLocation): InputFrom<TMachine>;
  head(snapshot: SnapshotFrom<TMachine>, location: ConsolePageLocation): ConsolePageHead;
  /** Whether a new query is a new page actor (a filtered list whose filters are its address); by path otherwise. */
  queryKeyed?: boolean;
  View: ComponentType<{ actorRef: ActorRefFrom<TMachine> }>;
}

/** Declares a console page with its machine type inferred. */
export function defineConsolePage<TMachine extends AnyStateMachine>(
  page: ConsolePageDefinition<TMachine>,
): ConsolePageDefinition {
  return page as unknown as ConsolePageDefinition;
}

/** A console page's title: `<page> · <dealer> console`. */
export function consolePageTitle(page: string, site: Pick<PublicSite, 'name'>): string {
  return `${page} · ${site.name} console`;
}
