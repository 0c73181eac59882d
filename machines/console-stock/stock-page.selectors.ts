import type { SnapshotFrom } from 'xstate';
import type { CsvPreview, StockCar, StockFeed, StockRun } from '../../domain/contracts/console-stock.ts';
import type { CsvMapping } from '../../domain/stock-csv.ts';
import type { stockPageMachine } from './stock-page.machine.ts';

type StockPageSnapshot = SnapshotFrom<typeof stockPageMachine>;

/** Whether the page is loading (the skeleton). */
export const selectIsLoading = (snapshot: StockPageSnapshot): boolean => snapshot.hasTag('loading');
/** Whether a change is on its way (its buttons wait). */
export const selectIsBusy = (snapshot: StockPageSnapshot): boolean => snapshot.hasTag('busy');
/** Why loading failed, or null. */
export const selectError = (snapshot: StockPageSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
/** The listed cars. */
export const selectCars = (snapshot: StockPageSnapshot): readonly StockCar[] =>
  snapshot.context.data?.cars ?? [];
/** How many cars match the search. */
export const selectTotal = (snapshot: StockPageSnapshot): number => snapshot.context.data?.total ?? 0;
/** The search. */
export const selectQuery = (snapshot: StockPageSnapshot): string => snapshot.context.query;
/** The dealer's feed, or null. */
export const selectFeed = (snapshot: StockPageSnapshot): StockFeed | null =>
  snapshot.context.data?.feed ?? null;
/** The last runs, newest first. */
export const selectRuns = (snapshot: StockPageSnapshot): readonly StockRun[] =>
  snapshot.context.data?.runs ?? [];
/** The CSV file's mapping step while it is open: its preview and the mapping as set. */
export const selectMappingStep = (
  snapshot: StockPageSnapshot,
): { preview: CsvPreview; mapping: CsvMapping; fileName: string } | null =>
  snapshot.matches({ ready: 'mapping' }) && snapshot.context.preview
    ? {
        preview: snapshot.context.preview,
        mapping: snapshot.context.mapping,
        fileName: snapshot.context.file?.name ?? '',
      }
    : null;
/** The last upload's or pull's run, for its report. */
export const selectReport = (snapshot: StockPageSnapshot): StockRun | null => snapshot.context.report;
/** What the last change did. */
export const selectNotice = (snapshot: StockPageSnapshot): string | null => snapshot.context.notice;
/** Why the last change was refused. */
export const selectProblem = (snapshot: StockPageSnapshot): string | null => snapshot.context.problem;
/** What is on its way, for the status line. */
export const selectActivity = (snapshot: StockPageSnapshot): string | null => {
  if (snapshot.matches({ ready: 'previewing' })) return 'Reading the file…';
  if (snapshot.matches({ ready: 'uploading' })) return 'Importing the file…';
  if (snapshot.matches({ ready: 'runningFeed' })) return 'Pulling the feed…';
  if (snapshot.matches({ ready: 'savingFeed' })) return 'Saving the feed…';
  if (snapshot.matches({ ready: 'acting' })) return 'Saving…';
  return null;
};
