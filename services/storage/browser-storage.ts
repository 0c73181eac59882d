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
  leadSuccess: 'forecourt:lead-success',
  pendingSave: 'forecourt:pending-save',
  compare: 'forecourt:compare',
  /** The cars last opened in this browser (issue 37 item 7), newest first. */
  recentlyViewed: 'forecourt:recently-viewed',
  /** The visit's pages and campaign parameters for its leads (in the tab's session storage). */
  leadJourney: 'forecourt:lead-journey',
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

/** The tab's `sessionStorage` (what lasts for this visit), or null where there is none or it is off. */
export function browserSessionStorage(): KeyValueStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The one adapter over the browser's storage (favourites, open sections, search history): the JSON
 * value under `key`, or `undefined` when nothing is stored or there is no storage. Throws a
 * `validation` ServiceError when what is stored is not JSON, a `network` one when storage refuses.
 */
export function readStored(key: StorageKey, storage = browserStorage()): unknown {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(key);
  } catch (error) {
    throw new ServiceError('network', String(error));
  }
  if (raw == null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new ServiceError('validation', `${key} is not readable`);
  }
}

/** Stores `value` as JSON under `key` (nothing without a storage); throws a `network` ServiceError when refused. */
export function writeStored(key: StorageKey, value: unknown, storage = browserStorage()): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch (error) {
    throw new ServiceError('network', String(error));
  }
}
