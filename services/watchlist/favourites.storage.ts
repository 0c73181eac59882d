import { type FavouriteCar, favouritesListSchema } from '../../domain/watchlist.ts';
import { isServiceError, ServiceError } from '../errors.ts';
import { type KeyValueStorage, readStored, STORAGE_KEYS, writeStored } from '../storage/browser-storage.ts';

/** The storage key of the favourites list. */
export const FAVOURITES_KEY = STORAGE_KEYS.favourites;

const unreadable = () => new ServiceError('validation', 'The saved favourites could not be read');

/**
 * The local favourites list (§3 "Favourites list: a local list of cars"): empty when nothing is
 * stored; throws a `validation` ServiceError when what is stored is not a favourites list, and a
 * `network` one when storage cannot be read (disabled, or no storage at all).
 */
export async function readFavourites(storage: KeyValueStorage | null): Promise<FavouriteCar[]> {
  if (!storage) throw new ServiceError('network', 'This browser keeps no local storage');
  let value: unknown;
  try {
    value = readStored(FAVOURITES_KEY, storage);
  } catch (error) {
    throw isServiceError(error) && error.kind === 'validation' ? unreadable() : error;
  }
  if (value === undefined) return [];
  const parsed = favouritesListSchema.safeParse(value);
  if (!parsed.success) throw unreadable();
  return parsed.data;
}

/** Stores the favourites list. Throws a `network` ServiceError when storage refuses (full, or off). */
export function writeFavourites(storage: KeyValueStorage | null, cars: readonly FavouriteCar[]): void {
  try {
    writeStored(FAVOURITES_KEY, cars, storage);
  } catch (error) {
    throw new ServiceError('network', `The favourites could not be stored: ${(error as Error).message}`);
  }
}
