import type { SnapshotFrom } from 'xstate';
import { type MakePickerView, makeModels, makePicker } from '../../domain/make-picker.ts';
import {
  isListed,
  type MakeOption,
  type MakePickerFacets,
  type ModelOption,
  type makePickerMachine,
} from './make-picker.machine.ts';

type MakePickerSnapshot = SnapshotFrom<typeof makePickerMachine>;

/*
 * The facets are the picker owner's props (issue 32 item 5): the selectors take them as their
 * second argument.
 */

/**
 * What the picker shows (`domain/make-picker.ts`): 'Popular Makes', and 'All Makes' once unfolded,
 * with the 'Show all makes' / 'Hide extra makes' toggle, or none when every make is popular.
 */
export const selectPickerView = (
  snapshot: MakePickerSnapshot,
  facets: MakePickerFacets,
): MakePickerView<MakeOption> =>
  makePicker(facets.makes, {
    popularCount: snapshot.context.popularCount,
    expanded: snapshot.hasTag('allMakes'),
  });

/** The make whose 'Select models' list is open, if any: only while the result lists it. */
export const selectOpenMake = (snapshot: MakePickerSnapshot, facets: MakePickerFacets): string | null => {
  const { openMake } = snapshot.context;
  return snapshot.matches({ models: 'open' }) && isListed(facets, openMake) ? openMake : null;
};

/** The open make's models: up to 30 (§9), A–Z, and how many were left out. */
export const selectOpenModels = (
  snapshot: MakePickerSnapshot,
  facets: MakePickerFacets,
): { models: readonly ModelOption[]; hidden: number } => {
  const openMake = selectOpenMake(snapshot, facets);
  return makeModels(openMake === null ? [] : (facets.modelsByMake[openMake] ?? []));
};
