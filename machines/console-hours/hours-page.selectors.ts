import type { SnapshotFrom } from 'xstate';
import type { ConsoleLocationHours } from '../../domain/contracts/console-hours.ts';
import type { hoursPageMachine } from './hours-page.machine.ts';

type HoursSnapshot = SnapshotFrom<typeof hoursPageMachine>;

/** Whether the page is loading. */
export const selectIsLoading = (snapshot: HoursSnapshot): boolean => snapshot.hasTag('loading');
/** Whether a change is being sent. */
export const selectIsBusy = (snapshot: HoursSnapshot): boolean => snapshot.hasTag('busy');
/** Why loading failed, or null. */
export const selectError = (snapshot: HoursSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
/** Every location's hours. */
export const selectLocations = (snapshot: HoursSnapshot): ConsoleLocationHours[] =>
  snapshot.context.data?.locations ?? [];
/** The messages per field of a location's form (none for the other locations). */
export const selectFieldsFor =
  (location: string) =>
  (snapshot: HoursSnapshot): Record<string, string> =>
    snapshot.context.formFor === location ? snapshot.context.fields : NONE;
const NONE: Record<string, string> = {};
/** The status line: what the last change did, or why it was refused. */
export const selectStatus = (snapshot: HoursSnapshot): { notice: string | null; problem: string | null } => ({
  notice: snapshot.context.notice,
  problem: snapshot.context.problem,
});
