import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { readBoot } from './boot.ts';
import { initInspector } from './inspector.ts';
import type { RestoredPage } from './page-host.tsx';
import { matchPageRoute, preloadPagesOnIntent } from './pages.ts';
import { createAppDeps } from './wiring.ts';

async function start(): Promise<void> {
  const boot = readBoot(document);
  await initInspector(window.location, { dev: import.meta.env.DEV });
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
  const deps = createAppDeps({
    baseUrl: window.location.origin,
    fetch: (request) => fetch(request),
    queryClient,
  });
  const restored: RestoredPage = { current: boot.page };
  // The first page's module arrives before hydrating, so the markup hydrates without suspending.
  await matchPageRoute(window.location.pathname)?.load();
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  hydrateRoot(
    root,
    <StrictMode>
      <App site={boot.site} signedIn={boot.signedIn ?? false} deps={deps} restored={restored} location={{}} />
    </StrictMode>,
    {
      onRecoverableError: (error) => console.error('Hydration mismatch:', error),
    },
  );
  document.documentElement.dataset.hydrated = 'true';
  preloadPagesOnIntent(document);
}

void start();
