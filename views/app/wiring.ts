import { fromCallback, fromPromise } from 'xstate';
import type { AnalyticsEventInput } from '../../domain/analytics.ts';
import { type CompareEvent, compareMachine } from '../../machines/compare/compare.machine.ts';
import { favouritesMachine } from '../../machines/favourites/favourites.machine.ts';
import { shellMachine } from '../../machines/shell/shell.machine.ts';
import type { WatchlistSnapshotData } from '../../machines/watchlist/watchlist.machine.ts';
import { watchlistMachine } from '../../machines/watchlist/watchlist.machine.ts';
import { trackEvent } from '../../services/analytics/analytics.service.ts';
import { fetchSession } from '../../services/auth/session.service.ts';
import { createHttp, type FetchLike } from '../../services/http.ts';
import { recordLeadJourney } from '../../services/leads/lead-journey.storage.ts';
import { browserSessionStorage, browserStorage } from '../../services/storage/browser-storage.ts';
import {
  COMPARE_KEY,
  parseCompareTray,
  readCompareTray,
  writeCompareTray,
} from '../../services/storage/compare.storage.ts';
import { readFavourites, writeFavourites } from '../../services/watchlist/favourites.storage.ts';
import { readPendingSave, storePendingSave } from '../../services/watchlist/pending-save.storage.ts';
import { fetchWatchlist, removeCar, saveCar } from '../../services/watchlist/watchlist.service.ts';
import { alertMessage } from '../ui/browser-effects.ts';
import type { AppDeps } from './app-deps.ts';
import type { QueryCache } from './query-cache.tsx';

/**
 * The dependencies of one app instance: an HTTP client for `baseUrl` over the given `fetch` (the
 * browser's, or the server's in-process app) and its query cache.
 */
export function createAppDeps(options: { baseUrl: string; fetch: FetchLike; queries: QueryCache }): AppDeps {
  return {
    http: createHttp({ baseUrl: options.baseUrl, fetch: options.fetch }),
    queries: options.queries,
    fetch: options.fetch,
  };
}

/**
 * The shopper's own reads (issue 6) are read fresh every time: a read made while another is on its
 * way shares its answer, nothing is kept, since signing in or out changes it. Every page makes them
 * as it hydrates, so they do not go through TanStack Query, which loads only with a read it keeps.
 */
const accountReads = { session: 'session', watchlist: 'watchlist' } as const;

export function sessionRead({ http, queries }: AppDeps) {
  return () => queries.shared(accountReads.session, () => fetchSession(http));
}

/** The shopper's list; a page that shows it follows its changes (`onWatchlistChanged`). */
export function watchlistRead({ http, queries }: AppDeps) {
  return () => queries.shared(accountReads.watchlist, () => fetchWatchlist(http));
}

/** Who follows each app instance's list (keyed by its query cache): the pages that show it. */
const watchlistFollowers = new WeakMap<QueryCache, Set<() => void>>();

/**
 * Marks the shopper's list out of date — a save or removal went through (issue 31 item 21) — and tells
 * every page following it, each time. A read of the list already on its way may have left before the
 * change, so the next read starts afresh rather than joining it.
 */
function markWatchlistChanged({ queries }: AppDeps): void {
  queries.forget(accountReads.watchlist);
  for (const changed of watchlistFollowers.get(queries) ?? []) changed();
}

/**
 * Calls `changed` each time the shopper's list is marked out of date (a save or removal the app's
 * watchlist made); returns the unsubscribe. The watchlist page follows its list with it.
 */
export function onWatchlistChanged({ queries }: AppDeps, changed: () => void): () => void {
  const followers = watchlistFollowers.get(queries) ?? new Set<() => void>();
  watchlistFollowers.set(queries, followers);
  // Each subscription its own entry, even for the same function.
  const follower = () => changed();
  followers.add(follower);
  return () => {
    followers.delete(follower);
  };
}

/**
 * Whether this app instance's requests carry a live session (for the server render's header and save
 * buttons). A failed read counts as signed out: the browser's watchlist corrects it once loaded.
 */
export async function readSignedIn(deps: AppDeps): Promise<boolean> {
  try {
    return (await sessionRead(deps)()) !== null;
  } catch {
    return false;
  }
}

/** Records a page of the visit, for the journey its leads carry (issue 31 item 18). */
export function recordVisit(path: string, search: string): void {
  recordLeadJourney(browserSessionStorage(), path, search);
}

/** The app's watchlist: the shopper's list, save and remove (§7), failures alerted (§8). */
export function watchlistLogic(deps: AppDeps) {
  const read = watchlistRead(deps);
  return watchlistMachine.provide({
    actors: {
      loadWatchlist: fromPromise(async (): Promise<WatchlistSnapshotData> => {
        const answer = await read();
        return {
          signedIn: answer.signed_in,
          phoneNumber: answer.phone_number,
          carIds: answer.cars.map((car) => car.id),
          pendingSave: readPendingSave(browserStorage()),
        };
      }),
      saveCar: fromPromise(async ({ input }) => {
        const answer = await saveCar(deps.http, input);
        markWatchlistChanged(deps);
        return answer;
      }),
      removeCar: fromPromise(async ({ input }) => {
        const answer = await removeCar(deps.http, input);
        markWatchlistChanged(deps);
        return answer;
      }),
    },
    actions: {
      alertMessage: (_, { message }) => alertMessage(message),
      keepPendingSave: (_, car) => storePendingSave(browserStorage(), car),
    },
  });
}

/** The app's local favourites, kept in the browser's storage; a refused write keeps the list in memory. */
export function favouritesLogic(_deps: AppDeps) {
  return favouritesMachine.provide({
    actors: { readFavourites: fromPromise(() => readFavourites(browserStorage())) },
    actions: {
      writeFavourites: (_, { cars }) => {
        try {
          writeFavourites(browserStorage(), cars);
        } catch (error) {
          console.warn('Favourites kept for this visit only:', error);
        }
      },
    },
  });
}

/** The compare tray, kept in the browser's storage; a refused write keeps it for this visit. */
export function compareLogic(_deps: AppDeps) {
  return compareMachine.provide({
    actors: {
      readTray: fromPromise(() => readCompareTray(browserStorage())),
      watchTray: fromCallback<CompareEvent>(({ sendBack }) => {
        if (typeof window === 'undefined') return () => undefined;
        const changed = (event: StorageEvent) => {
          if (event.key !== COMPARE_KEY) return;
          const cars = parseCompareTray(event.newValue);
          if (cars) sendBack({ type: 'compare.sync', cars });
        };
        window.addEventListener('storage', changed);
        return () => window.removeEventListener('storage', changed);
      }),
    },
    actions: {
      writeTray: (_, cars) => {
        try {
          writeCompareTray(browserStorage(), cars);
        } catch (error) {
          console.warn('The compare tray is kept for this visit only:', error);
        }
      },
    },
  });
}

/** The app's shell (decision 075) with its watchlist, favourites and compare tray bound for this app instance. */
export function shellLogic(deps: AppDeps) {
  return shellMachine.provide({
    actors: {
      watchlist: watchlistLogic(deps),
      favourites: favouritesLogic(deps),
      compare: compareLogic(deps),
    },
  });
}

/** Forwards an analytics event a machine emitted to `POST /api/analytics`; a failure is only logged. */
export function analyticsTracker({ http }: AppDeps): (event: AnalyticsEventInput) => void {
  return (event) => {
    trackEvent(http, event).catch((error: unknown) => console.warn('Analytics event not recorded:', error));
  };
}
