import type { SnapshotFrom } from 'xstate';
import type { FavouriteCar } from '../../domain/watchlist.ts';
import type { favouritesMachine } from './favourites.machine.ts';

type FavouritesSnapshot = SnapshotFrom<typeof favouritesMachine>;

/** Whether the list has been read from storage (the buttons can act). */
export const selectIsFavouritesReady = (snapshot: FavouritesSnapshot): boolean => snapshot.matches('ready');

/** Whether storage could not be read (favourite buttons hide). */
export const selectIsFavouritesUnavailable = (snapshot: FavouritesSnapshot): boolean =>
  snapshot.matches('failed');

/** The favourite cars, oldest first. */
export const selectFavourites = (snapshot: FavouritesSnapshot): readonly FavouriteCar[] =>
  snapshot.context.cars;

/** Whether a car is a favourite. */
export const selectIsFavourite =
  (carId: number) =>
  (snapshot: FavouritesSnapshot): boolean =>
    snapshot.context.cars.some((car) => car.id === carId);
