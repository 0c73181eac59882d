import type { SnapshotFrom } from 'xstate';
import type { CarHit } from '../../domain/search-result.ts';
import type { moreCarsMachine } from './more-cars.machine.ts';

type MoreCarsSnapshot = SnapshotFrom<typeof moreCarsMachine>;

/** Whether the sections have come near the screen, so their view loads. */
export const selectIsShowing = (snapshot: MoreCarsSnapshot): boolean => snapshot.matches('showing');

/** The similar cars to show (empty: the section is left out). */
export const selectSimilarCars = (snapshot: MoreCarsSnapshot): readonly CarHit[] =>
  snapshot.matches({ showing: { similar: 'ready' } }) ? snapshot.context.similar : [];

/** The recently viewed cars to show (empty: the section is left out). */
export const selectRecentCars = (snapshot: MoreCarsSnapshot): readonly CarHit[] =>
  snapshot.matches({ showing: { recent: 'ready' } }) ||
  snapshot.matches({ showing: { recent: 'clearing' } }) ||
  snapshot.matches({ showing: { recent: 'clearFailed' } })
    ? snapshot.context.recent
    : [];

/** Whether "Clear" is under way. */
export const selectIsClearing = (snapshot: MoreCarsSnapshot): boolean => snapshot.hasTag('clearing');

/** Whether clearing failed (the list stays, with a note; "Clear" tries again). */
export const selectClearFailed = (snapshot: MoreCarsSnapshot): boolean =>
  snapshot.matches({ showing: { recent: 'clearFailed' } });
