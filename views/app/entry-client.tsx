import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { readBoot } from './boot.ts';
import { initInspector } from './inspector.ts';
import type { RestoredPage } from './page-host.tsx';
import { matchPageRoute, preloadPagesOnIntent } from './pages.ts';
import { lazyQueryCache } from './query-cache.tsx';
import { createAppDeps } from './wiring.ts';

async function start(): Promise<void> {
  const boot = readBoot(document);
  // Inspection is development-only: behind this literal guard production drops the inspector's code.
  if (import.meta.env.DEV) await initInspector(window.location, { dev: true });
  // TanStack Query loads with the first read that keeps its answer, not with the page (decision 138).
  const queries = lazyQueryCache(async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
  });
  const deps = createAppDeps({
    baseUrl: window.location.origin,
    fetch: (request) => fetch(request),
    queries,
  });
  const restored: RestoredPage = { current: boot.page };
  // The first page's module arrives before hydrating, so the markup hydrates without suspending.
  await matchPageRoute(window.location.pathname)?.load();
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  // Hydrating as a transition lets React yield to the browser every few milliseconds instead of
  // hydrating the whole page in one long task; a click or key press before it ends makes React
  // hydrate at once and then handle it (decision 073).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <OnHydrated preloadOnIntent={() => void queries.client().catch(() => undefined)}>
          <App
            site={boot.site}
            signedIn={boot.signedIn ?? false}
            deps={deps}
            restored={restored}
            location={{}}
          />
        </OnHydrated>
      </StrictMode>,
      {
        onRecoverableError: (error) => console.error('Hydration mismatch:', error),
      },
    );
  });
}

/**
 * Wraps the app without adding markup; its effect runs once the page has hydrated: it marks
 * `<html data-hydrated="true">` (tests and benchmarks wait on it) and starts loading other pages, and
 * the query cache's client they read with, on the shopper's intent. It wraps rather than sits beside `<App>`: a sibling would change every
 * `useId` below and so the ids the server rendered.
 */
function OnHydrated({ children, preloadOnIntent }: { children: ReactNode; preloadOnIntent: () => void }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    return preloadPagesOnIntent(document, preloadOnIntent);
  }, [preloadOnIntent]);
  return children;
}

void start();
