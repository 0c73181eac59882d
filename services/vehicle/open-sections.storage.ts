import { readStored, STORAGE_KEYS, writeStored } from '../storage/browser-storage.ts';

/** Open (true) or closed (false) per section header, as the car page remembers them. */
export type OpenSections = Record<string, boolean>;

/** Where the open state of collapsible sections is stored, by header name. */
export const OPEN_SECTIONS_STORAGE_KEY = STORAGE_KEYS.openSections;

/** Reads the stored open sections; anything unreadable, or no storage, counts as nothing stored. */
export function readOpenSections(): OpenSections {
  let parsed: unknown;
  try {
    parsed = readStored(OPEN_SECTIONS_STORAGE_KEY);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
  );
}

/** Merges the given sections' open state into storage, keeping other sections' entries; never throws. */
export function writeOpenSections(open: OpenSections): void {
  try {
    writeStored(OPEN_SECTIONS_STORAGE_KEY, { ...readOpenSections(), ...open });
  } catch (error) {
    // A full or disabled storage only loses the preference; the sections keep working.
    console.warn('Could not store the open sections', error);
  }
}
