import { type ActorRefFrom, assign, emit, fromPromise, setup } from 'xstate';
import { ANALYTICS_EVENTS, type AnalyticsEventId } from '../../domain/analytics.ts';
import { signInPath } from '../../domain/return-path.ts';
import {
  type WatchlistCarRef,
  type WatchlistChange,
  type WatchlistToast,
  watchlistToast,
} from '../../domain/watchlist.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** What the shopper's list is, as `loadWatchlist` reads it from the server. */
export interface WatchlistSnapshotData {
  signedIn: boolean;
  /** The phone number on record; saving needs one (§5). */
  phoneNumber: string | null;
  carIds: number[];
  /** A save asked for while signed out, kept by the browser across the sign-up link (if any). */
  pendingSave?: WatchlistCarRef | null;
}

/** One save or remove waiting for the server; `index` is where a removed id stood (for a rollback). */
export interface WatchlistChangeOp {
  change: 'save' | 'remove';
  car: WatchlistCarRef;
  index: number;
}

/** How the last save or remove ended (§7: "success flag read; on failure … success false"). */
export interface WatchlistResult {
  change: 'save' | 'remove';
  carId: number;
  success: boolean;
  message: string | null;
}

/** The shopper's list as the page shows it (changed at once), and the changes still on their way. */
export interface WatchlistContext extends WatchlistSnapshotData {
  queue: WatchlistChangeOp[];
  /** A save asked for while signed out: made once the shopper is back with a phone on record. */
  pendingSave: WatchlistCarRef | null;
  lastResult: WatchlistResult | null;
  error: string | null;
}

/** Events the watchlist accepts. `from` is the page (path and search) the shopper saves from. */
export type WatchlistEvent =
  | { type: 'list.load' }
  | { type: 'car.save'; car: WatchlistCarRef; from: string }
  | { type: 'car.remove'; car: WatchlistCarRef }
  | { type: 'session.refresh' }
  | { type: 'retry' };

/** What leaves the machine: a toast (§8), a navigation to sign-in (§4), an analytics event (§9: 39). */
export type WatchlistEmitted =
  | { type: 'toast'; toast: WatchlistToast }
  | { type: 'navigate'; to: string }
  | { type: 'analytics'; event_id: AnalyticsEventId; car_id: number };

const head = (context: WatchlistContext) => context.queue[0];

/**
 * The shopper's watchlist (`search-detail-finance-watchlist.md` §4 Watchlist, §5, §7, §8), one per
 * app. It stays `unloaded` until the shell asks (`list.load`, once the app has hydrated: the server's
 * render shows nothing saved, so hydration matches it). `car.save` adds the id at once, then `saveCar` calls the server; `car.remove` deletes it at
 * once, then `removeCar`. Changes made meanwhile queue up and go one at a time. Success emits the
 * toast (and event 39 for a save); failure alerts the message (`alertMessage`), records success false
 * and puts that change back. Without a phone on record, a save emits `navigate` to
 * `/sign-in?type=watchlist` with redirect and back, and is made after `session.refresh`.
 */
export const watchlistMachine = setup({
  types: {} as { context: WatchlistContext; events: WatchlistEvent; emitted: WatchlistEmitted },
  actors: {
    loadWatchlist: fromPromise<WatchlistSnapshotData>(notProvided('loadWatchlist')),
    saveCar: fromPromise<unknown, WatchlistChange>(notProvided('saveCar')),
    removeCar: fromPromise<unknown, WatchlistChange>(notProvided('removeCar')),
  },
  guards: {
    isSaved: ({ context }, params: { carId: number }) => context.carIds.includes(params.carId),
    hasPhone: ({ context }) => context.signedIn && context.phoneNumber !== null,
    hasPendingSave: ({ context }) =>
      context.pendingSave !== null && context.signedIn && context.phoneNumber !== null,
    isNextSave: ({ context }) => head(context)?.change === 'save',
    isNextRemove: ({ context }) => head(context)?.change === 'remove',
  },
  actions: {
    alertMessage: (_, _params: { message: string }) => notProvided('alertMessage')(),
    assignList: assign(({ context }, data: WatchlistSnapshotData) => ({
      signedIn: data.signedIn,
      phoneNumber: data.phoneNumber,
      carIds: data.carIds,
      pendingSave: data.pendingSave ?? context.pendingSave,
      error: null,
    })),
    /** Keeps (a car) or forgets (null) the pending save beyond this page; bound in the wiring. */
    keepPendingSave: (_, _car: WatchlistCarRef | null) => undefined,
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    queueSave: assign(({ context }, car: WatchlistCarRef) => ({
      carIds: context.carIds.includes(car.id) ? context.carIds : [...context.carIds, car.id],
      queue: [...context.queue, { change: 'save' as const, car, index: context.carIds.length }],
    })),
    queueRemove: assign(({ context }, car: WatchlistCarRef) => ({
      carIds: context.carIds.filter((id) => id !== car.id),
      queue: [...context.queue, { change: 'remove' as const, car, index: context.carIds.indexOf(car.id) }],
    })),
    takePendingSave: assign(({ context }) => {
      const car = context.pendingSave;
      if (!car || context.carIds.includes(car.id)) return { pendingSave: null };
      return {
        pendingSave: null,
        carIds: [...context.carIds, car.id],
        queue: [...context.queue, { change: 'save' as const, car, index: context.carIds.length }],
      };
    }),
    rememberPendingSave: assign((_, car: WatchlistCarRef) => ({ pendingSave: car })),
    finishChange: assign(({ context }) => {
      const op = head(context);
      return {
        queue: context.queue.slice(1),
        lastResult: op ? { change: op.change, carId: op.car.id, success: true, message: null } : null,
      };
    }),
    rollBackChange: assign(({ context }, error: unknown) => {
      const op = head(context);
      if (!op) return {};
      const without = context.carIds.filter((id) => id !== op.car.id);
      const carIds =
        op.change === 'save'
          ? without
          : [...without.slice(0, Math.max(0, op.index)), op.car.id, ...without.slice(Math.max(0, op.index))];
      const message = errorMessage(error);
      return {
        carIds,
        queue: context.queue.slice(1),
        lastResult: { change: op.change, carId: op.car.id, success: false, message },
      };
    }),
    emitToast: emit(({ context }) => {
      const op = head(context);
      return { type: 'toast' as const, toast: watchlistToast(op?.change ?? 'save', op?.car.name ?? '') };
    }),
    emitSaveAnalytics: emit(({ context }) => ({
      type: 'analytics' as const,
      event_id: ANALYTICS_EVENTS.watchlistSave,
      car_id: head(context)?.car.id ?? 0,
    })),
    emitSignIn: emit((_, from: string) => ({
      type: 'navigate' as const,
      to: signInPath({ type: 'watchlist', redirect: from, back: from }),
    })),
  },
}).createMachine({
  id: 'watchlist',
  context: {
    signedIn: false,
    phoneNumber: null,
    carIds: [],
    queue: [],
    pendingSave: null,
    lastResult: null,
    error: null,
  },
  initial: 'unloaded',
  states: {
    // A change of session loads a list nobody asked for yet, so the header shows it (decision 075).
    unloaded: { on: { 'list.load': 'loading', 'session.refresh': 'loading' } },
    loading: {
      tags: ['loading'],
      on: { 'session.refresh': { target: 'loading', reenter: true } },
      invoke: {
        id: 'loadWatchlist',
        src: 'loadWatchlist',
        onDone: { target: 'ready', actions: { type: 'assignList', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: errorOf },
        },
      },
    },
    failed: { on: { retry: 'loading', 'session.refresh': 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'session.refresh': '#watchlist.loading',
        'car.save': [
          { guard: { type: 'isSaved', params: ({ event }) => ({ carId: event.car.id }) } },
          { guard: 'hasPhone', actions: { type: 'queueSave', params: ({ event }) => event.car } },
          {
            actions: [
              { type: 'rememberPendingSave', params: ({ event }) => event.car },
              { type: 'keepPendingSave', params: ({ event }) => event.car },
              { type: 'emitSignIn', params: ({ event }) => event.from },
            ],
          },
        ],
        'car.remove': {
          guard: { type: 'isSaved', params: ({ event }) => ({ carId: event.car.id }) },
          actions: { type: 'queueRemove', params: ({ event }) => event.car },
        },
      },
      states: {
        idle: {
          always: [
            {
              guard: 'hasPendingSave',
              actions: ['takePendingSave', { type: 'keepPendingSave', params: null }],
            },
            { guard: 'isNextSave', target: 'saving' },
            { guard: 'isNextRemove', target: 'removing' },
          ],
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveCar',
            src: 'saveCar',
            input: ({ context }) => ({
              phone_number: context.phoneNumber ?? '',
              car_id: head(context)?.car.id ?? 0,
            }),
            onDone: { target: 'idle', actions: ['emitToast', 'emitSaveAnalytics', 'finishChange'] },
            onError: {
              target: 'idle',
              actions: [
                { type: 'rollBackChange', params: errorOf },
                {
                  type: 'alertMessage',
                  params: ({ context }) => ({ message: context.lastResult?.message ?? '' }),
                },
              ],
            },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'removeCar',
            src: 'removeCar',
            input: ({ context }) => ({
              phone_number: context.phoneNumber ?? '',
              car_id: head(context)?.car.id ?? 0,
            }),
            onDone: { target: 'idle', actions: ['emitToast', 'finishChange'] },
            onError: {
              target: 'idle',
              actions: [
                { type: 'rollBackChange', params: errorOf },
                {
                  type: 'alertMessage',
                  params: ({ context }) => ({ message: context.lastResult?.message ?? '' }),
                },
              ],
            },
          },
        },
      },
    },
  },
});

/** A running watchlist. */
export type WatchlistActorRef = ActorRefFrom<typeof watchlistMachine>;
