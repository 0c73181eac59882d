import type { SnapshotFrom } from 'xstate';
import { type MakePickerView, makeModels, makePicker } from '../../domain/make-picker.ts';
import type { MakeOption, ModelOption, makePickerMachine } from './make-picker.machine.ts';

type MakePickerSnapshot = SnapshotFrom<typeof makePickerMachine>;

/**
 * What the picker shows (`domain/make-picker.ts`): 'Popular Makes', and 'All Makes' once unfolded,
 * with the 'Show all makes' / 'Hide extra makes' toggle, or none when every make is popular.
 */
export const selectPickerView = (snapshot: MakePickerSnapshot): MakePickerView<MakeOption> =>
  makePicker(snapshot.context.makes, {
    popularCount: snapshot.context.popularCount,
    expanded: snapshot.hasTag('allMakes'),
  });

/** The make whose 'Select models' list is open, if any. */
export const selectOpenMake = (snapshot: MakePickerSnapshot): string | null => snapshot.context.openMake;

/** The open make's models: up to 30 (§9), A–Z, and how many were left out. */
export const selectOpenModels = (
  snapshot: MakePickerSnapshot,
): { models: readonly ModelOption[]; hidden: number } => {
  const { openMake, modelsByMake } = snapshot.context;
  return makeModels(openMake === null ? [] : (modelsByMake[openMake] ?? []));
};
