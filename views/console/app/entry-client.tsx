import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { readBoot } from '../../app/boot.ts';
import { initInspector } from '../../app/inspector.ts';
import type { RestoredPage } from '../../app/page-host.tsx';
import { ConsoleApp } from './console-app.tsx';
import type { ConsoleBootData } from './console-boot.ts';
import { matchConsoleRoute } from './pages.ts';
import { createConsoleHttp } from './wiring.ts';

async function start(): Promise<void> {
  const boot = readBoot(document) as ConsoleBootData;
  if (import.meta.env.DEV) await initInspector(window.location, { dev: true });
  const http = createConsoleHttp(window.location.origin, (request) => fetch(request));
  const restored: RestoredPage = { current: boot.page };
  // The first page's module arrives before hydrating, so the markup hydrates without suspending.
  await matchConsoleRoute(window.location.pathname)
    ?.route.load()
    .catch(() => undefined);
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <OnHydrated>
          <ConsoleApp
            site={boot.site}
            member={boot.member ?? null}
            http={http}
            restored={restored}
            location={{}}
          />
        </OnHydrated>
      </StrictMode>,
      { onRecoverableError: (error) => console.error('Hydration mismatch:', error) },
    );
  });
}

/** Marks `<html data-hydrated="true">` once the console has hydrated (tests wait on it); adds no markup. */
function OnHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}

void start();
