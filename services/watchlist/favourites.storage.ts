import { type FavouriteCar, favouritesListSchema } from '../../domain/watchlist.ts';
import { ServiceError } from '../errors.ts';
import { type KeyValueStorage, STORAGE_KEYS, storedValue } from '../storage/browser-storage.ts';

/** The storage key of the favourites list. */
export const FAVOURITES_KEY = STORAGE_KEYS.favourites;

/**
 * The local favourites list (§3 "Favourites list: a local list of cars"): empty when nothing is
 * stored; throws a `validation` ServiceError when what is stored is not a favourites list, and a
 * `network` one when storage cannot be read (disabled, or no storage at all).
 */
export async function readFavourites(storage: KeyValueStorage | null): Promise<FavouriteCar[]> {
  const stored = storedValue(FAVOURITES_KEY, storage);
  if (!stored.available) throw new ServiceError('network', 'This browser keeps no local storage');
  let value: unknown;
  try {
    value = stored.read();
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'validation') {
      throw new ServiceError('validation', 'The saved favourites could not be read');
    }
    throw error;
  }
  if (value === undefined) return [];
  const parsed = favouritesListSchema.safeParse(value);
  if (!parsed.success) throw new ServiceError('validation', 'The saved favourites could not be read');
  return parsed.data;
}

/** Stores the favourites list. Throws a `network` ServiceError when storage refuses (full, or off). */
export function writeFavourites(storage: KeyValueStorage | null, cars: readonly FavouriteCar[]): void {
  try {
    storedValue(FAVOURITES_KEY, storage).write(cars);
  } catch (error) {
    throw new ServiceError('network', `The favourites could not be stored: ${(error as Error).message}`);
  }
}
