import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AnyActorRef } from 'xstate';
import { consoleSignInPath } from '../../../domain/console-paths.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import { selectMember } from '../../../machines/console-shell/console-shell.selectors.ts';
import type { Http } from '../../../services/http.ts';
import { css } from '../../../styled-system/css';
import { inspectOption } from '../../app/inspector.ts';
import type { RestoredPage } from '../../app/page-host.tsx';
import { useSite } from '../../app/site-context.tsx';
import { PageError } from '../../ui/page-error.tsx';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { pageStyles } from '../../ui/page-styles.ts';
import { ConsolePublicFrame } from '../layout/console-public-frame.tsx';
import type { ConsolePageDefinition } from './console-page-definition.ts';
import { useConsoleShell } from './console-shell.tsx';
import { type ConsoleRoute, loadedConsolePage, matchConsoleRoute, mayOpen } from './pages.ts';

/** wouter gives decoded paths, the server's boot URL is raw: compare them alike. */
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
 * Runs one console page machine: restored from the server's snapshot on the first load (no
 * refetch), fresh on later navigations; keeps the document's title in step with its state.
 */
function ConsolePageHost({
  route,
  page,
  http,
  member,
  url,
  restored,
}: {
  route: ConsoleRoute;
  page: ConsolePageDefinition;
  http: Http;
  member: StaffMember | null;
  url: string;
  restored: RestoredPage;
}) {
  const site = useSite();
  const shell = useConsoleShell();
  const boot =
    restored.current?.id === route.id && sameUrl(restored.current.url, url) ? restored.current : null;
  const machine = useMemo(() => page.logic({ http, shell }), [page, http, shell]);
  const [path = '/', search = ''] = url.split('?');
  const location = { site, member, path, search, params: matchConsoleRoute(path)?.params ?? {} };
  const actorRef = useActorRef(machine, {
    input: page.input?.(location),
    ...(boot?.snapshot ? { snapshot: boot.snapshot } : {}),
    inspect: inspectOption(),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is rebuilt from url and member
  useEffect(() => {
    restored.current = null;
    const update = (snapshot: ReturnType<AnyActorRef['getSnapshot']>) => {
      document.title = page.head(snapshot, location).title;
    };
    update(actorRef.getSnapshot());
    const subscription = actorRef.subscribe(update);
    return () => subscription.unsubscribe();
  }, [actorRef, page, restored, url, member]);
  return useMemo(() => <page.View actorRef={actorRef} />, [page, actorRef]);
}

/** A route's page module: at once when loaded (the server; the first page in the browser), else after loading it. */
function useConsolePage(route: ConsoleRoute): {
  page?: ConsolePageDefinition;
  error?: string;
  retry(): void;
} {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ page?: ConsolePageDefinition; error?: string }>(() => ({
    page: loadedConsolePage(route),
  }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (a new attempt) loads again
  useEffect(() => {
    if (loadedConsolePage(route)) {
      setResult({ page: loadedConsolePage(route) });
      return;
    }
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

/** Signed out on a page that needs a member: off to sign in, returning here after. */
function SignInFirst({ returnTo }: { returnTo: string }) {
  const [, navigate] = useLocation();
  const href = consoleSignInPath(returnTo);
  useEffect(() => navigate(href, { replace: true }), [href, navigate]);
  return <PageSkeleton label="Opening the sign-in page" />;
}

/** A member whose role may not open this page (a sales member on a manager's page). */
export function ConsoleForbidden() {
  return (
    <section className={css({ maxW: 'page', mx: 'auto', px: { base: '3', md: '6' }, py: '8' })}>
      <h1 className={pageStyles.heading}>This page is for managers</h1>
      <p className={pageStyles.text}>
        Your role does not open this part of the console. Ask a manager if you need it.
      </p>
    </section>
  );
}

/**
 * A matched console route: its access checked against the shell's member (the server has checked it
 * too) — signed out, off to sign in; a role that may not open it, the managers' notice — in the public
 * frame for sign-in and invitation (the app's layout holds the others), one page actor per path (per
 * address for a `queryKeyed` page).
 */
export function ConsoleRoutedPage({
  route,
  http,
  restored,
}: {
  route: ConsoleRoute;
  http: Http;
  restored: RestoredPage;
}) {
  const shell = useConsoleShell();
  const member = useSelector(shell, selectMember);
  const [path] = useLocation();
  const search = useSearch();
  const { page, error, retry } = useConsolePage(route);
  const url = search ? `${path}?${search}` : path;
  if (route.access === 'public') {
    return (
      <ConsolePublicFrame>
        {error !== undefined ? (
          <PageError message={error} onRetry={retry} />
        ) : !page ? (
          <PageSkeleton label="Loading" />
        ) : (
          <ConsolePageHost
            key={`${route.id}:${url}`}
            route={route}
            page={page}
            http={http}
            member={member}
            url={url}
            restored={restored}
          />
        )}
      </ConsolePublicFrame>
    );
  }
  if (!member) return <SignInFirst returnTo={url} />;
  if (!mayOpen(route, member)) return <ConsoleForbidden />;
  if (error !== undefined) return <PageError message={error} onRetry={retry} />;
  if (!page) return <PageSkeleton label="Loading" />;
  return (
    <ConsolePageHost
      key={`${route.id}:${page.queryKeyed ? url : path}`}
      route={route}
      page={page}
      http={http}
      member={member}
      url={url}
      restored={restored}
    />
  );
}
