import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createActor, type Snapshot, waitFor } from 'xstate';
import type { PublicSite } from '../../tenants/public-site.ts';
import { notFoundHead } from '../layout/not-found-page.tsx';
import { loadIntentParts } from '../ui/intent-part.tsx';
import { App } from './app.tsx';
import { type AppDeps, inertShell } from './app-deps.ts';
import type { BootData } from './boot.ts';
import { isSettled, type PageDefinition, type PageHead } from './page-definition.ts';
import { loadAllPages, matchPageRoute } from './pages.ts';
import { readyQueryCache } from './query-cache.tsx';
import { createAppDeps, readSignedIn } from './wiring.ts';

export type { PageHead };

/** Loads every page module, so no shopper's request waits for one (the production server, at start). */
export const preloadPages = loadAllPages;

/** One page to render on the server. */
export interface RenderRequest {
  site: PublicSite;
  /** The raw (undecoded) path and search of the request. */
  path: string;
  search: string;
  /** The server's own routes, called in-process. */
  fetch: (request: Request) => Promise<Response>;
  origin: string;
  /** How long a page machine may take to settle before the loading state is shipped. */
  settleTimeoutMs?: number;
}

/** The rendered page: status and head from the settled machine, the markup and the boot data. */
export interface RenderResult {
  status: number;
  head: PageHead;
  html: string;
  boot: BootData;
  /** Source modules of the page (build-manifest keys) the browser needs at once: modulepreload them. */
  modules: string[];
  /** Whether the page machine settled in time (otherwise its loading state was shipped). */
  settled: boolean;
}

async function settle(page: PageDefinition, request: RenderRequest, deps: AppDeps) {
  const logic = page.logic({ ...deps, shell: inertShell });
  const actor = createActor(logic, {
    input: page.input?.({ site: request.site, path: request.path, search: request.search }),
  });
  actor.start();
  let settled = true;
  try {
    await waitFor(actor, isSettled, { timeout: request.settleTimeoutMs ?? 3000 });
  } catch {
    // Timed out: ship the loading state; the browser reruns the loader once.
    settled = false;
  }
  const persisted = actor.getPersistedSnapshot();
  // The head reads the settled state itself: no second machine made and restored for it.
  const state = actor.getSnapshot();
  actor.stop();
  return { snapshot: JSON.parse(JSON.stringify(persisted)) as Snapshot<unknown>, state, settled, logic };
}

/** Renders one request: runs the page machine to a settled state, then renders from its snapshot. */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const url = request.search ? `${request.path}?${request.search}` : request.path;
  const route = matchPageRoute(request.path);
  const page = route ? await route.load() : undefined;
  // A page renders its intent parts whole; their modules load with the first page that has them.
  await loadIntentParts();
  const deps = createAppDeps({
    baseUrl: request.origin,
    fetch: request.fetch,
    queries: readyQueryCache(queryClient),
  });
  const [settledPage, signedIn] = await Promise.all([
    page ? settle(page, request, deps) : null,
    readSignedIn(deps),
  ]);
  const snapshot = settledPage?.snapshot ?? null;
  const boot: BootData = {
    site: request.site,
    page: { id: route?.id ?? 'notFound', url, snapshot },
    signedIn,
  };
  const html = renderToString(
    <App
      site={request.site}
      signedIn={signedIn}
      deps={deps}
      restored={{ current: { ...boot.page, logic: settledPage?.logic } }}
      location={{ ssrPath: request.path, ssrSearch: request.search }}
    />,
  );
  const location = { site: request.site, path: request.path, search: request.search };
  const documentHead = page && settledPage && (await page.document?.());
  const head =
    page && settledPage
      ? { ...page.head(settledPage.state, location), ...documentHead?.(settledPage.state, location) }
      : notFoundHead(request.site.name, request.path);
  return {
    status: head.status,
    head,
    html,
    boot,
    modules: route ? [route.source] : [],
    settled: settledPage?.settled ?? true,
  };
}
