import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AnyActorRef, Snapshot } from 'xstate';
import { inspectOption } from './inspector.ts';
import type { PageDefinition, PageHead } from './page-definition.ts';
import { useSite } from './site-context.tsx';
import type { AppDeps } from './wiring.ts';

/** The server's settled snapshot for the first page, consumed once by the page it belongs to. */
export interface RestoredPage {
  current: { id: string; url: string; snapshot: Snapshot<unknown> | null } | null;
}

function applyHead(head: PageHead): void {
  document.title = head.title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
  document
    .querySelector('link[rel="canonical"]')
    ?.setAttribute('href', new URL(head.canonicalPath, document.location.origin).href);
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
  page,
  deps,
  url,
  restored,
}: {
  page: PageDefinition;
  deps: AppDeps;
  url: string;
  restored: RestoredPage;
}) {
  const site = useSite();
  const boot =
    restored.current?.id === page.id && sameUrl(restored.current.url, url) ? restored.current : null;
  const machine = useMemo(() => page.logic(deps), [page, deps]);
  const [path = '/', search = ''] = url.split('?');
  const actorRef = useActorRef(machine, {
    input: page.input?.({ site, path, search }),
    ...(boot?.snapshot ? { snapshot: boot.snapshot } : {}),
    inspect: inspectOption(),
  });

  useEffect(() => {
    if (boot?.snapshot) page.prime?.(deps.queryClient, actorRef.getSnapshot());
    restored.current = null;
    const [path, search = ''] = url.split('?');
    const update = (snapshot: ReturnType<AnyActorRef['getSnapshot']>) =>
      applyHead(page.head(snapshot, { site, path: path ?? '/', search }));
    update(actorRef.getSnapshot());
    const subscription = actorRef.subscribe(update);
    return () => subscription.unsubscribe();
  }, [actorRef, boot, deps, page, restored, site, url]);

  return <page.View actorRef={actorRef} />;
}

/** A matched route: one page actor per page and path (a new path starts a fresh actor). */
export function PageRoute({
  page,
  deps,
  restored,
}: {
  page: PageDefinition;
  deps: AppDeps;
  restored: RestoredPage;
}) {
  const [path] = useLocation();
  const search = useSearch();
  const url = search ? `${path}?${search}` : path;
  return <PageHost key={`${page.id}:${path}`} page={page} deps={deps} url={url} restored={restored} />;
}
