import type { SnapshotFrom } from 'xstate';
import type { CompareAnswer } from '../../domain/contracts/compare.ts';
import type { comparePageMachine } from './compare-page.machine.ts';

type ComparePageSnapshot = SnapshotFrom<typeof comparePageMachine>;

/** The cars the address names, in its order. */
export const selectSlugs = (snapshot: ComparePageSnapshot): string[] => snapshot.context.input.slugs;

/** The cars, once loaded. */
export const selectComparison = (snapshot: ComparePageSnapshot): CompareAnswer | null =>
  snapshot.context.data;

/** The failure message, when loading failed. */
export const selectError = (snapshot: ComparePageSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
