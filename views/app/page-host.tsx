import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AnyStateMachine, Snapshot } from 'xstate';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import type { AppDeps } from './app-deps.ts';
import { inspectOption } from './inspector.ts';
import type { PageDefinition, PageHead } from './page-definition.ts';
import { loadedPage, type PageRoute } from './pages.ts';
import { useShell } from './shell.tsx';
import { useSite } from './site-context.tsx';

/** The server's settled snapshot for the first page, consumed once by the page it belongs to. */
export interface RestoredPage {
  current: {
    id: string;
    url: string;
    snapshot: Snapshot<unknown> | null;
    /**
     * On the server, the page machine the snapshot was settled with: the render restores the snapshot
     * into it rather than providing the machine a second time (issue 38; never sent to the browser).
     */
    logic?: AnyStateMachine;
  } | null;
}

/**
 * Brings the document's head in step with the page: only what changed is written (the title, even
 * set to the same text, is replaced and announced to the browser).
 */
function applyHead(head: PageHead): void {
  if (document.title !== head.title) document.title = head.title;
  const description = document.querySelector('meta[name="description"]');
  if (description && description.getAttribute('content') !== head.description) {
    description.setAttribute('content', head.description);
  }
  const canonical = document.querySelector('link[rel="canonical"]');
  const href = new URL(head.canonicalPath, document.location.origin).href;
  if (canonical && canonical.getAttribute('href') !== href) canonical.setAttribute('href', href);
}

/** wouter gives `decodeURI`d paths and searches, the server's boot URL is raw: compare them alike. */
function sameUrl(a: string, b: string): boolean {
  const decoded = (url: string) => {
    try {
      return decodeURI(url);
    } catch {
      return url;
    }
  };
  return decoded(a) === decoded(b);
}

/**
 * Runs one page machine: restored from the server's snapshot on the first load (no refetch), fresh
 * on later navigations. Keeps the document head in step with the page's state in the browser.
 */
export function PageHost({
  id,
  page,
  deps,
  url,
  restored,
}: {
  /** The route's id, which the server's boot block names. */
  id: string;
  page: PageDefinition;
  deps: AppDeps;
  url: string;
  restored: RestoredPage;
}) {
  const site = useSite();
  const boot = restored.current?.id === id && sameUrl(restored.current.url, url) ? restored.current : null;
  // A page's wiring reaches the app's shell (decision 075) through `shell`, never through a view.
  const shell = useShell();
  const settledLogic = boot?.logic;
  const machine = useMemo(
    () => settledLogic ?? page.logic({ ...deps, shell }),
    [settledLogic, page, deps, shell],
  );
  const [path = '/', search = ''] = url.split('?');
  const actorRef = useActorRef(machine, {
    input: page.input?.({ site, path, search }),
    ...(boot?.snapshot ? { snapshot: boot.snapshot } : {}),
    inspect: inspectOption(),
  });

  useEffect(() => {
    if (boot?.snapshot) page.prime?.(deps.queries, actorRef.getSnapshot());
    restored.current = null;
    const [path, search = ''] = url.split('?');
    const apply = () => applyHead(page.head(actorRef.getSnapshot(), { site, path: path ?? '/', search }));
    apply();
    // After the task that changed the snapshot, once for all its changes: a facet click's task starts
    // a search and renders it loading, and the head (a new canonical address) can wait for the
    // request to be on its way (issue 38 item 4).
    let pending: ReturnType<typeof setTimeout> | undefined;
    const subscription = actorRef.subscribe(() => {
      pending ??= setTimeout(() => {
        pending = undefined;
        apply();
      }, 0);
    });
    return () => {
      clearTimeout(pending);
      subscription.unsubscribe();
    };
  }, [actorRef, boot, deps, page, restored, site, url]);

  // The same element while the actor is the same: an address change (a search writing its URL)
  // re-renders only what reads the address or the snapshot, not the whole page.
  return useMemo(() => <page.View actorRef={actorRef} />, [page, actorRef]);
}

/**
 * A route's page: at once when its module is loaded (always on the server, and for the first page in
 * the browser, which loads it before hydrating), else a skeleton until the module arrives — no
 * Suspense, whose deferred hydration would let the shell's actors move before the page hydrates.
 */
function useRoutePage(route: PageRoute): { page?: PageDefinition; error?: string; retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ page?: PageDefinition; error?: string }>(() => ({
    page: loadedPage(route),
  }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (a new attempt) loads again
  useEffect(() => {
    if (loadedPage(route)) return;
    let current = true;
    route.load().then(
      (page) => current && setResult({ page }),
      () => current && setResult({ error: 'Please check your connection and try again.' }),
    );
    return () => {
      current = false;
    };
  }, [route, attempt]);
  return {
    ...result,
    retry: () => {
      setResult({});
      setAttempt((count) => count + 1);
    },
  };
}

/** A matched route: one page actor per page and path (a new path starts a fresh actor). */
export function RoutedPage({
  route,
  deps,
  restored,
}: {
  route: PageRoute;
  deps: AppDeps;
  restored: RestoredPage;
}) {
  const [path] = useLocation();
  const search = useSearch();
  const { page, error, retry } = useRoutePage(route);
  if (error !== undefined) return <PageError message={error} onRetry={retry} />;
  if (!page) return <PageSkeleton label="Loading" />;
  const url = search ? `${path}?${search}` : path;
  return (
    <PageHost
      key={page.queryKeyed ? `${route.id}:${url}` : `${route.id}:${path}`}
      id={route.id}
      page={page}
      deps={deps}
      url={url}
      restored={restored}
    />
  );
}
