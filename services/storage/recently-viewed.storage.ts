import type { ViewedSave } from '../../domain/more-cars.ts';
import { isServiceError } from '../errors.ts';
import { readStored, STORAGE_KEYS, writeStored } from './browser-storage.ts';

/**
 * The viewed car ids as they were stored, or `null` on the server or when what is stored is not
 * JSON (the machine checks what it gets). Throws when storage itself cannot be reached.
 */
export function readStoredViewed(): unknown {
  try {
    return readStored(STORAGE_KEYS.recentlyViewed) ?? null;
  } catch (error) {
    if (isServiceError(error) && error.kind === 'validation') return null;
    throw error;
  }
}

/** Keeps the viewed car ids (nothing on the server). Throws when storage refuses them. */
export function writeStoredViewed(input: ViewedSave): void {
  writeStored(STORAGE_KEYS.recentlyViewed, input.viewed);
}
