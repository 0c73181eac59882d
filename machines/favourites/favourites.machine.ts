import { type ActorRefFrom, assign, emit, fromPromise, setup } from 'xstate';
import { ANALYTICS_EVENTS, type AnalyticsEventId } from '../../domain/analytics.ts';
import type { FavouriteCar } from '../../domain/watchlist.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The local favourites list, newest last. */
export interface FavouritesContext {
  cars: FavouriteCar[];
  error: string | null;
}

/** Events of the favourites list. */
export type FavouritesEvent =
  | { type: 'favourite.add'; car: FavouriteCar }
  | { type: 'favourite.remove'; carId: number }
  | { type: 'retry' };

/** §4 Favourites: adding a car records analytics event 39. */
export type FavouritesEmitted = { type: 'analytics'; event_id: AnalyticsEventId; car_id: number };

/**
 * Local favourites for visitors (`search-detail-finance-watchlist.md` §3 "Favourites list: a local
 * list of cars", §4 Favourites, §6). The list is read from storage once (`readFavourites`, injected),
 * and every change is written back (`writeFavourites`). Adding emits analytics event 39; removing
 * drops the car. Storage that cannot be read leaves the list in `failed` (the buttons hide).
 */
export const favouritesMachine = setup({
  types: {} as { context: FavouritesContext; events: FavouritesEvent; emitted: FavouritesEmitted },
  actors: {
    readFavourites: fromPromise<FavouriteCar[]>(notProvided('readFavourites')),
  },
  guards: {
    isFavourite: ({ context }, params: { carId: number }) =>
      context.cars.some((car) => car.id === params.carId),
  },
  actions: {
    writeFavourites: (_, _params: { cars: FavouriteCar[] }) => notProvided('writeFavourites')(),
    assignCars: assign((_, cars: FavouriteCar[]) => ({ cars, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    addCar: assign(({ context }, car: FavouriteCar) => ({ cars: [...context.cars, car] })),
    removeCar: assign(({ context }, carId: number) => ({
      cars: context.cars.filter((car) => car.id !== carId),
    })),
    emitFavouriteAnalytics: emit((_, carId: number) => ({
      type: 'analytics' as const,
      event_id: ANALYTICS_EVENTS.favourite,
      car_id: carId,
    })),
  },
}).createMachine({
  id: 'favourites',
  context: { cars: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'readFavourites',
        src: 'readFavourites',
        onDone: { target: 'ready', actions: { type: 'assignCars', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: errorOf },
        },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      on: {
        'favourite.add': [
          { guard: { type: 'isFavourite', params: ({ event }) => ({ carId: event.car.id }) } },
          {
            actions: [
              { type: 'addCar', params: ({ event }) => event.car },
              { type: 'writeFavourites', params: ({ context }) => ({ cars: context.cars }) },
              { type: 'emitFavouriteAnalytics', params: ({ event }) => event.car.id },
            ],
          },
        ],
        'favourite.remove': {
          guard: { type: 'isFavourite', params: ({ event }) => ({ carId: event.carId }) },
          actions: [
            { type: 'removeCar', params: ({ event }) => event.carId },
            { type: 'writeFavourites', params: ({ context }) => ({ cars: context.cars }) },
          ],
        },
      },
    },
  },
});

/** A running favourites list. */
export type FavouritesActorRef = ActorRefFrom<typeof favouritesMachine>;
