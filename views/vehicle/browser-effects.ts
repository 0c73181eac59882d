import type { StoredOpenSections } from '../../machines/collapsible-sections/collapsible-sections.machine.ts';

/**
 * The browser's side of the car page's flows, bound to the machines in `wiring.ts`: saving a file,
 * alerting, and the persisted open sections. Each is a no-op where there is no browser (server render).
 */

/** Where the open state of collapsible sections is stored, by header name. */
export const OPEN_SECTIONS_STORAGE_KEY = 'forecourt:open-sections';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Reads the stored open sections; anything unreadable counts as nothing stored. */
export function readOpenSections(): StoredOpenSections {
  const raw = storage()?.getItem(OPEN_SECTIONS_STORAGE_KEY);
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
  );
}

/** Merges the given sections' open state into storage, keeping other sections' entries; never throws. */
export function writeOpenSections(open: StoredOpenSections): void {
  const store = storage();
  if (!store) return;
  let current: StoredOpenSections = {};
  try {
    current = readOpenSections();
  } catch {
    current = {};
  }
  try {
    store.setItem(OPEN_SECTIONS_STORAGE_KEY, JSON.stringify({ ...current, ...open }));
  } catch (error) {
    // A full or disabled storage only loses the preference; the sections keep working.
    console.warn('Could not store the open sections', error);
  }
}

/** Saves a downloaded file under `fileName` (an `<a download>` click on an object URL). */
export function saveFile(file: Blob, fileName: string): void {
  if (typeof document === 'undefined') return;
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The browser's alert (§8 PDF download failure). */
export function alertMessage(message: string): void {
  globalThis.alert?.(message);
}
