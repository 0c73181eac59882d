import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import type { FavouritesActorRef } from '../../machines/favourites/favourites.machine.ts';
import type { WatchlistActorRef } from '../../machines/watchlist/watchlist.machine.ts';
import { selectIsSignedIn } from '../../machines/watchlist/watchlist.selectors.ts';
import { inspectOption } from '../app/inspector.ts';
import { type AppDeps, analyticsTracker, favouritesLogic, watchlistLogic } from '../app/wiring.ts';
import { showSuccessToast } from '../ui/toasts.tsx';

/** The app's watchlist and favourites actors (one each per app instance). */
export interface SavedCars {
  watchlist: WatchlistActorRef;
  favourites: FavouritesActorRef;
  /** What the server knew of the session, for the render before the watchlist has loaded. */
  signedInHint: boolean;
}

const SavedCarsContext = createContext<SavedCars | null>(null);

/**
 * Runs the shopper's watchlist and local favourites for the whole app, and carries out what they
 * emit: toasts (sonner, one at a time: each replaces the last), navigation to sign-in, and analytics
 * events forwarded to `POST /api/analytics`. Mounted once in `App`, inside the router. `signedIn` is
 * the server's word on the session (see `useIsSignedIn`).
 */
export function SavedCarsProvider({
  deps,
  signedIn = false,
  children,
}: {
  deps: AppDeps;
  signedIn?: boolean;
  children: ReactNode;
}) {
  const [, navigate] = useLocation();
  const watchlistMachine = useMemo(() => watchlistLogic(deps), [deps]);
  const favouritesMachine = useMemo(() => favouritesLogic(deps), [deps]);
  const watchlist = useActorRef(watchlistMachine, { inspect: inspectOption() });
  const favourites = useActorRef(favouritesMachine, { inspect: inspectOption() });

  useEffect(() => {
    const track = analyticsTracker(deps);
    const path = () => `${window.location.pathname}${window.location.search}`;
    const subscriptions = [
      watchlist.on('toast', ({ toast: shown }) =>
        showSuccessToast(shown.title, {
          id: 'watchlist',
          description: shown.description,
          action: { label: shown.action.label, onClick: () => navigate(shown.action.href) },
        }),
      ),
      watchlist.on('navigate', ({ to }) => navigate(to)),
      watchlist.on('analytics', (event) =>
        track({ event_id: event.event_id, car_id: event.car_id, path: path() }),
      ),
      favourites.on('analytics', (event) =>
        track({ event_id: event.event_id, car_id: event.car_id, path: path() }),
      ),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [deps, favourites, navigate, watchlist]);

  const value = useMemo(
    () => ({ watchlist, favourites, signedInHint: signedIn }),
    [watchlist, favourites, signedIn],
  );
  return <SavedCarsContext.Provider value={value}>{children}</SavedCarsContext.Provider>;
}

/** The app's watchlist and favourites actors. Needs `<SavedCarsProvider>` (the `App` has it). */
export function useSavedCars(): SavedCars {
  const saved = useContext(SavedCarsContext);
  if (!saved) throw new Error('useSavedCars() needs a <SavedCarsProvider> (App mounts one)');
  return saved;
}

/**
 * Whether the shopper is signed in: the loaded watchlist's answer, and until it has loaded (the
 * server render and hydration) what the server knew, so both render the same.
 */
export function useIsSignedIn(): boolean {
  const { watchlist, signedInHint } = useSavedCars();
  return useSelector(watchlist, selectIsSignedIn) ?? signedInHint;
}
