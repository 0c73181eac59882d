import type { SnapshotFrom } from 'xstate';
import { type CompareCar, compareHref } from '../../domain/compare.ts';
import type { compareMachine } from './compare.machine.ts';

type CompareSnapshot = SnapshotFrom<typeof compareMachine>;

/** The cars in the tray, oldest first (none until the stored tray has been read). */
export const selectCars = (snapshot: CompareSnapshot): readonly CompareCar[] => snapshot.context.cars;

/** Whether the car is in the tray. */
export const selectHolds =
  (slug: string) =>
  (snapshot: CompareSnapshot): boolean =>
    snapshot.context.cars.some((car) => car.slug === slug);

/** Whether the tray holds as many cars as it may here. */
export const selectIsFull = (snapshot: CompareSnapshot): boolean => snapshot.matches({ ready: 'full' });

/** How many cars the tray may hold here. */
export const selectLimit = (snapshot: CompareSnapshot): number => snapshot.context.limit;

/** Why the last add was refused, or null. */
export const selectNotice = (snapshot: CompareSnapshot): string | null => snapshot.context.notice;

/** The comparison's address for the cars in the tray. */
export const selectCompareHref = (snapshot: CompareSnapshot): string =>
  compareHref(snapshot.context.cars.map((car) => car.slug));
