import { PENDING_SAVE_MS, pendingSaveSchema, type WatchlistCarRef } from '../../domain/watchlist.ts';
import { type KeyValueStorage, readStored, STORAGE_KEYS, writeStored } from '../storage/browser-storage.ts';

/** Keeps a save asked for while signed out (`domain/watchlist.ts` `pendingSaveSchema`); a refusing storage keeps nothing. */
export function storePendingSave(
  storage: KeyValueStorage | null,
  car: WatchlistCarRef | null,
  now = Date.now(),
): void {
  try {
    writeStored(
      STORAGE_KEYS.pendingSave,
      car ? { car: { id: car.id, name: car.name }, at: now } : null,
      storage,
    );
  } catch {
    // The save is asked for again after signing in.
  }
}

/** The save asked for while signed out, if one is stored and under an hour old. */
export function readPendingSave(storage: KeyValueStorage | null, now = Date.now()): WatchlistCarRef | null {
  try {
    const parsed = pendingSaveSchema.safeParse(readStored(STORAGE_KEYS.pendingSave, storage));
    if (!parsed.success || now - parsed.data.at > PENDING_SAVE_MS || parsed.data.at > now) return null;
    return parsed.data.car;
  } catch {
    return null;
  }
}
