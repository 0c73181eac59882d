import type { SnapshotFrom } from 'xstate';
import type { carouselMachine } from './carousel.machine.ts';

type CarouselSnapshot = SnapshotFrom<typeof carouselMachine>;

/** Whether the previous arrow moves the carousel (disabled at the start, and when all cards fit). */
export const selectCanPrevious = (snapshot: CarouselSnapshot): boolean =>
  snapshot.matches('between') || snapshot.matches('atEnd');

/** Whether the next arrow moves the carousel (disabled at the end, and when all cards fit). */
export const selectCanNext = (snapshot: CarouselSnapshot): boolean =>
  snapshot.matches('atStart') || snapshot.matches('between');

/** Whether the swipe hint shows: there is more to see and the shopper has not moved it yet. */
export const selectShowsHint = (snapshot: CarouselSnapshot): boolean =>
  !snapshot.context.moved && selectCanNext(snapshot);
