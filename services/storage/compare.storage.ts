import { type CompareCar, compareTraySchema } from '../../domain/compare.ts';
import { ServiceError } from '../errors.ts';
import { type KeyValueStorage, readStored, STORAGE_KEYS, writeStored } from './browser-storage.ts';

/** The storage key of the compare tray. */
export const COMPARE_KEY = STORAGE_KEYS.compare;

/**
 * The compare tray as stored: empty when nothing is; throws a `ServiceError` when storage cannot be
 * read or holds something that is not a tray (the tray then starts empty).
 */
export async function readCompareTray(storage: KeyValueStorage | null): Promise<CompareCar[]> {
  if (!storage) throw new ServiceError('network', 'This browser keeps no local storage');
  const value = readStored(COMPARE_KEY, storage);
  if (value === undefined) return [];
  const parsed = compareTraySchema.safeParse(value);
  if (!parsed.success) throw new ServiceError('validation', 'The compare tray could not be read');
  return parsed.data;
}

/** The tray a storage event carries (another tab wrote it), or null when it is not a tray. */
export function parseCompareTray(value: string | null): CompareCar[] | null {
  if (value === null) return [];
  try {
    const parsed = compareTraySchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stores the tray. Throws a `network` ServiceError when storage refuses (full, or off). */
export function writeCompareTray(storage: KeyValueStorage | null, cars: readonly CompareCar[]): void {
  try {
    writeStored(COMPARE_KEY, cars, storage);
  } catch (error) {
    throw new ServiceError('network', `The compare tray could not be stored: ${(error as Error).message}`);
  }
}
