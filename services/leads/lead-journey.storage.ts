import { journeyThrough, type LeadJourney, leadJourneySchema } from '../../domain/lead-journey.ts';
import { type KeyValueStorage, readStored, STORAGE_KEYS, writeStored } from '../storage/browser-storage.ts';

/**
 * The visit's journey (issue 31 item 18), kept in the tab's session storage: the pages the shopper
 * went through and the campaign parameters they came with, for the `lead_attributes` of their leads.
 */

/** The journey stored for this visit, or null when none is (or storage is off, or it is unreadable). */
export function readLeadJourney(storage: KeyValueStorage | null): LeadJourney | null {
  try {
    const parsed = leadJourneySchema.safeParse(readStored(STORAGE_KEYS.leadJourney, storage));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Adds a page to the visit's journey; a browser that refuses storage keeps only the current page. */
export function recordLeadJourney(storage: KeyValueStorage | null, path: string, search: string): void {
  try {
    writeStored(STORAGE_KEYS.leadJourney, journeyThrough(readLeadJourney(storage), path, search), storage);
  } catch {
    // The lead then says where it was sent from, without the pages before.
  }
}
