import type { ReactNode } from 'react';
import type { WatchlistAnswer } from '../../../domain/contracts/watchlist.ts';
import { createHttp } from '../../../services/http.ts';
import type { AppDeps } from '../../../views/app/app-deps.ts';
import { ShellProvider } from '../../../views/app/shell.tsx';
import { testQueries } from './query-cache.ts';

/** A visitor without a session, as `GET /api/watchlist` answers one. */
export const ANONYMOUS: WatchlistAnswer = { signed_in: false, phone_number: null, cars: [] };

/**
 * Fake account API for views with save buttons: the watchlist answer given, saves and removes
 * succeed, analytics are accepted; every request is recorded.
 */
export function fakeAccountApi(watchlist: WatchlistAnswer = ANONYMOUS) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      const body = request.method === 'POST' ? await request.json() : null;
      requests.push({ method: request.method, path, body });
      if (request.method === 'GET' && path === '/api/watchlist') return Response.json(watchlist);
      if (path === '/api/watchlist/save-car' || path === '/api/watchlist/remove-car') {
        return Response.json({ success: true, car_id: (body as { car_id: number }).car_id });
      }
      if (path === '/api/analytics') return Response.json({ ok: true }, { status: 202 });
      return Response.json({ error: { code: 'not_found', message: 'No route' } }, { status: 404 });
    },
  });
  const deps: AppDeps = {
    http,
    queries: testQueries(),
  };
  return { requests, deps };
}

/** The app's saved-cars actors around `children`, over `deps` (a fake account API by default). */
export function WithSavedCars({
  deps = fakeAccountApi().deps,
  signedIn = false,
  children,
}: {
  deps?: AppDeps;
  signedIn?: boolean;
  children: ReactNode;
}) {
  return (
    <ShellProvider deps={deps} signedIn={signedIn}>
      {children}
    </ShellProvider>
  );
}
