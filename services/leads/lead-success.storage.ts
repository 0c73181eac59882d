import { type LeadSuccess, leadSuccessSchema } from '../../domain/lead.ts';
import { type KeyValueStorage, readStored, STORAGE_KEYS, writeStored } from '../storage/browser-storage.ts';

/** Stores the last lead's category and car; a browser that refuses storage loses only the thank-you detail. */
export function writeLeadSuccess(storage: KeyValueStorage | null, success: LeadSuccess): void {
  try {
    writeStored(STORAGE_KEYS.leadSuccess, success, storage);
  } catch {
    // Nothing is lost but the wording of the thank-you page.
  }
}

/** The last lead's category and car, or null when none is stored (or it is unreadable). */
export function readLeadSuccess(storage: KeyValueStorage | null): LeadSuccess | null {
  try {
    const parsed = leadSuccessSchema.safeParse(readStored(STORAGE_KEYS.leadSuccess, storage));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
