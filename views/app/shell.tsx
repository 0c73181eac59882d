import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AnalyticsEventId } from '../../domain/analytics.ts';
import type { CompareActorRef } from '../../machines/compare/compare.machine.ts';
import type { FavouritesActorRef } from '../../machines/favourites/favourites.machine.ts';
import { type ShellActorRef, shellMachine } from '../../machines/shell/shell.machine.ts';
import type { WatchlistActorRef } from '../../machines/watchlist/watchlist.machine.ts';
import { selectIsSignedIn } from '../../machines/watchlist/watchlist.selectors.ts';
import { showSuccessToast } from '../ui/toasts.tsx';
import { type AppDeps, inertShell, type ShellPort } from './app-deps.ts';
import { inspectOption } from './inspector.ts';
import { useEmitted } from './use-emitted.ts';
import { analyticsTracker, recordVisit, shellLogic } from './wiring.ts';

/** The app's shell actor and the children views read: the watchlist and the favourites. */
export interface SavedCars {
  shell: ShellActorRef;
  watchlist: WatchlistActorRef;
  favourites: FavouritesActorRef;
  compare: CompareActorRef;
  /** What the server knew of the session, for the render before the watchlist has loaded. */
  signedInHint: boolean;
}

const ShellContext = createContext<SavedCars | null>(null);

/**
 * Runs the app's shell actor (decision 075) — the root of the app's actor system, owning the
 * shopper's watchlist and local favourites — and carries out what they emit: toasts (sonner, one at a
 * time: each replaces the last), navigation to sign-in, and analytics events forwarded to
 * `POST /api/analytics`; and records each page of the visit for its leads' journey. Mounted once in
 * `App`, inside the router. `signedIn` is the server's word on
 * the session (see `useIsSignedIn`). Page actors join the shell's system (`PageHost`).
 *
 * `server`: the server's render, where the shell's actors never start (effects do not run there), so
 * the implementations made for this request's calls would never be called. The bare machine gives the
 * same first state (a test holds them equal) without making them: they were a tenth of a page's
 * render on the server (issue 38 item 1).
 */
export function ShellProvider({
  deps,
  signedIn = false,
  server = false,
  children,
}: {
  deps: AppDeps;
  signedIn?: boolean;
  server?: boolean;
  children: ReactNode;
}) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => recordVisit(path, search), [path, search]);
  const logic = useMemo(() => (server ? shellMachine : shellLogic(deps)), [server, deps]);
  const shell = useActorRef(logic, { systemId: 'shell', inspect: inspectOption() });
  const { watchlist, favourites, compare } = shell.getSnapshot().children as {
    watchlist: WatchlistActorRef;
    favourites: FavouritesActorRef;
    compare: CompareActorRef;
  };
  const track = useMemo(() => analyticsTracker(deps), [deps]);
  const trackHere = (event: { event_id: AnalyticsEventId; car_id: number }) =>
    track({
      event_id: event.event_id,
      car_id: event.car_id,
      path: `${window.location.pathname}${window.location.search}`,
    });

  useEmitted(watchlist, {
    toast: ({ toast: shown }) =>
      showSuccessToast(shown.title, {
        id: 'watchlist',
        description: shown.description,
        action: { label: shown.action.label, onClick: () => navigate(shown.action.href) },
      }),
    navigate: ({ to }) => navigate(to),
    analytics: trackHere,
  });
  useEmitted(favourites, { analytics: trackHere });
  // Hydrated: the watchlist reads the shopper's list now (the server rendered nothing saved).
  useEffect(() => shell.send({ type: 'app.hydrated' }), [shell]);

  const value = useMemo(
    () => ({ shell, watchlist, favourites, compare, signedInHint: signedIn }),
    [shell, watchlist, favourites, compare, signedIn],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

/** The app's shell actor, watchlist and favourites. Needs `<ShellProvider>` (the `App` has it). */
export function useSavedCars(): SavedCars {
  const saved = useContext(ShellContext);
  if (!saved) throw new Error('useSavedCars() needs a <ShellProvider> (App mounts one)');
  return saved;
}

/** The shell, for a page's wiring (decision 075); an inert one outside a `<ShellProvider>`. */
export function useShell(): ShellPort {
  return useContext(ShellContext)?.shell ?? inertShell;
}

/**
 * Whether the shopper is signed in: the loaded watchlist's answer, and until it has loaded (the
 * server render and hydration) what the server knew, so both render the same.
 */
export function useIsSignedIn(): boolean {
  const { watchlist, signedInHint } = useSavedCars();
  return useSelector(watchlist, selectIsSignedIn) ?? signedInHint;
}
