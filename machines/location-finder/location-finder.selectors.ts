import type { SnapshotFrom } from 'xstate';
import type { NearestLocations } from '../../domain/contracts/locations.ts';
import type { LocationFilter, locationFinderMachine } from './location-finder.machine.ts';

type LocationFinderSnapshot = SnapshotFrom<typeof locationFinderMachine>;

/** The moment the page is shown (ISO): "open now" and today's hours read it. */
export const selectNow = (snapshot: LocationFinderSnapshot): string => snapshot.context.now;

/** Which locations the grid shows. */
export const selectFilter = (snapshot: LocationFinderSnapshot): LocationFilter => snapshot.context.filter;

/** The locations nearest first with their distance, once a postcode was found. */
export const selectFound = (snapshot: LocationFinderSnapshot): NearestLocations['locations'] | null =>
  snapshot.context.found;

/** Whether a search has found distances (the finder offers "Clear"). */
export const selectHasFound = (snapshot: LocationFinderSnapshot): boolean => snapshot.context.found !== null;

/** The finder's message: a postcode refused, unknown, or a failed search. */
export const selectFinderError = (snapshot: LocationFinderSnapshot): string | null => snapshot.context.error;

/** Whether a search is on its way (the button waits). */
export const selectIsSearching = (snapshot: LocationFinderSnapshot): boolean => snapshot.hasTag('busy');
