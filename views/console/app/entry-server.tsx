import { renderToString } from 'react-dom/server';
import { createActor, type Snapshot, waitFor } from 'xstate';
import { consoleSignInPath } from '../../../domain/console-paths.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import type { Http } from '../../../services/http.ts';
import type { PublicSite } from '../../../tenants/public-site.ts';
import { isSettled } from '../../app/page-definition.ts';
import { ConsoleApp } from './console-app.tsx';
import type { ConsoleBootData } from './console-boot.ts';
import {
  type ConsolePageDefinition,
  type ConsolePageHead,
  type ConsolePageLocation,
  consolePageTitle,
  inertConsoleShell,
} from './console-page-definition.ts';
import { loadAllConsolePages, matchConsoleRoute, mayOpen } from './pages.ts';
import { createConsoleHttp, loadConsoleMember } from './wiring.ts';

export type { ConsolePageHead };

/** Loads every console page module, so no member's request waits for one (the production server, at start). */
export const preloadConsolePages = loadAllConsolePages;

/** One console page to render on the server. */
export interface ConsoleRenderRequest {
  site: PublicSite;
  /** The raw (undecoded) path and search of the request. */
  path: string;
  search: string;
  /** The server's own routes, called in-process with the request's cookies (the staff cookie). */
  fetch: (request: Request) => Promise<Response>;
  origin: string;
  /** How long a page machine may take to settle before its loading state is shipped. */
  settleTimeoutMs?: number;
}

/** The rendered console page, or where to send the browser instead. */
export interface ConsoleRenderResult {
  status: number;
  head: ConsolePageHead;
  html: string;
  boot: ConsoleBootData;
  /** Source modules of the page (console build-manifest keys) to modulepreload. */
  modules: string[];
}

async function settle(
  page: ConsolePageDefinition,
  location: ConsolePageLocation,
  http: Http,
  timeout: number,
) {
  const actor = createActor(page.logic({ http, shell: inertConsoleShell }), {
    input: page.input?.(location),
  });
  actor.start();
  try {
    await waitFor(actor, isSettled, { timeout });
  } catch {
    // Timed out: ship the loading state; the browser's actor carries on from it.
  }
  const persisted = actor.getPersistedSnapshot();
  actor.stop();
  const snapshot = JSON.parse(JSON.stringify(persisted)) as Snapshot<unknown>;
  const head = page.head(
    createActor(page.logic({ http, shell: inertConsoleShell }), {
      snapshot,
      input: page.input?.(location),
    }).getSnapshot(),
    location,
  );
  return { snapshot, head };
}

/**
 * Renders one console request: the member from `GET /api/dealer/me` (in-process, with the request's
 * staff cookie; null signed out), then — when they may open the route — its page machine run to a
 * settled state and rendered from its snapshot. Signed out on a members' page: a redirect to sign in
 * that returns here; a role that may not open it: 403.
 */
export async function renderConsole(request: ConsoleRenderRequest): Promise<ConsoleRenderResult> {
  const http = createConsoleHttp(request.origin, request.fetch);
  const url = request.search ? `${request.path}?${request.search}` : request.path;
  const member: StaffMember | null = await loadConsoleMember(http);
  const matched = matchConsoleRoute(request.path);
  const location: ConsolePageLocation = {
    site: request.site,
    member,
    path: request.path,
    search: request.search,
    params: matched?.params ?? {},
  };
  const boot = (snapshot: Snapshot<unknown> | null): ConsoleBootData => ({
    site: request.site,
    page: { id: matched?.route.id ?? 'consoleNotFound', url, snapshot },
    member,
  });
  if (!member && matched?.route.access !== 'public') {
    const redirectTo = consoleSignInPath(url);
    return {
      status: 302,
      head: { title: consolePageTitle('Sign in', request.site), status: 302, redirectTo },
      html: '',
      boot: boot(null),
      modules: [],
    };
  }
  let head: ConsolePageHead;
  let snapshot: Snapshot<unknown> | null = null;
  if (!matched) {
    head = { title: consolePageTitle('Not found', request.site), status: 404 };
  } else if (!mayOpen(matched.route, member)) {
    head = { title: consolePageTitle('For managers', request.site), status: 403 };
  } else {
    const page = await matched.route.load();
    ({ snapshot, head } = await settle(page, location, http, request.settleTimeoutMs ?? 3000));
  }
  if (head.redirectTo) {
    return { status: 302, head, html: '', boot: boot(null), modules: [] };
  }
  const bootData = boot(snapshot);
  const html = renderToString(
    <ConsoleApp
      site={request.site}
      member={member}
      http={http}
      restored={{ current: bootData.page }}
      location={{ ssrPath: request.path, ssrSearch: request.search }}
    />,
  );
  return {
    status: head.status,
    head,
    html,
    boot: bootData,
    modules: matched && mayOpen(matched.route, member) ? [matched.route.source] : [],
  };
}
