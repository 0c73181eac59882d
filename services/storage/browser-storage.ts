import { ServiceError } from '../errors.ts';

/** The part of the Web Storage API the app uses (the browser's `localStorage`, or a fake in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Every key the app keeps in the browser's storage, in one place (storage is per origin, so per
 * dealer site).
 */
export const STORAGE_KEYS = {
  favourites: 'forecourt:favourites',
  openSections: 'forecourt:open-sections',
  searchHistory: 'forecourt.search-history',
} as const;

/** A key of {@link STORAGE_KEYS}. */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The browser's `localStorage`, or null where there is none (the server) or it is switched off. */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** One JSON value kept under one key. */
export interface StoredValue {
  /** Whether there is a storage at all (false on the server, or with storage switched off). */
  readonly available: boolean;
  /**
   * The stored value, or `undefined` when nothing is stored or there is no storage. Throws a
   * `validation` ServiceError when what is stored is not JSON, a `network` one when storage refuses.
   */
  read(): unknown;
  /** Stores the value (nothing without a storage); throws a `network` ServiceError when storage refuses. */
  write(value: unknown): void;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The one adapter over the browser's storage (favourites, open sections, search history): JSON in and
 * out, and failures as `ServiceError`s the machines already handle.
 */
export function storedValue(
  key: StorageKey,
  storage: KeyValueStorage | null = browserStorage(),
): StoredValue {
  return {
    available: storage !== null,
    read() {
      if (!storage) return undefined;
      let raw: string | null;
      try {
        raw = storage.getItem(key);
      } catch (error) {
        throw new ServiceError('network', `The browser's storage could not be read: ${reason(error)}`);
      }
      if (raw === null) return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        throw new ServiceError('validation', `What is stored under ${key} is not readable`);
      }
    },
    write(value) {
      try {
        storage?.setItem(key, JSON.stringify(value));
      } catch (error) {
        throw new ServiceError('network', `The browser's storage refused ${key}: ${reason(error)}`);
      }
    },
  };
}
