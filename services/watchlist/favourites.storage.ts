import { type FavouriteCar, favouritesListSchema } from '../../domain/watchlist.ts';
import { ServiceError } from '../errors.ts';

/** The storage key of the favourites list (storage is per origin, so per dealer site). */
export const FAVOURITES_KEY = 'forecourt:favourites';

/** The part of the Web Storage API the favourites use (the browser's `localStorage`, or a fake). */
export type FavouritesStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The local favourites list (§3 "Favourites list: a local list of cars"): empty when nothing is
 * stored; throws a `validation` ServiceError when what is stored is not a favourites list, and an
 * `http`-less `network` one when storage cannot be read (disabled, or no storage at all).
 */
export async function readFavourites(storage: FavouritesStorage | undefined): Promise<FavouriteCar[]> {
  if (!storage) throw new ServiceError('network', 'This browser keeps no local storage');
  const raw = storage.getItem(FAVOURITES_KEY);
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ServiceError('validation', 'The saved favourites could not be read');
  }
  const parsed = favouritesListSchema.safeParse(value);
  if (!parsed.success) throw new ServiceError('validation', 'The saved favourites could not be read');
  return parsed.data;
}

/** Stores the favourites list. Throws a `network` ServiceError when storage refuses (full, or off). */
export function writeFavourites(storage: FavouritesStorage | undefined, cars: readonly FavouriteCar[]): void {
  try {
    storage?.setItem(FAVOURITES_KEY, JSON.stringify(cars));
  } catch (error) {
    throw new ServiceError(
      'network',
      `The favourites could not be stored: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
