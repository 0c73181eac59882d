import type { SnapshotFrom } from 'xstate';
import type { photoViewerMachine } from './photo-viewer.machine.ts';

type PhotoViewerSnapshot = SnapshotFrom<typeof photoViewerMachine>;

/** Whether the viewer is on screen (false once ×, Escape or Back has closed it). */
export const selectIsOpen = (snapshot: PhotoViewerSnapshot): boolean => snapshot.matches('open');

/** The photo on screen, 0-based. */
export const selectIndex = (snapshot: PhotoViewerSnapshot): number => snapshot.context.index;

/** The viewer's name and the place in the set: "Photo 3 of 12". */
export const selectLabel = (snapshot: PhotoViewerSnapshot): string =>
  `Photo ${snapshot.context.index + 1} of ${snapshot.context.count}`;

/** Whether "Previous photo" moves (not on the first). */
export const selectCanPrevious = (snapshot: PhotoViewerSnapshot): boolean => snapshot.context.index > 0;

/** Whether "Next photo" moves (not on the last). */
export const selectCanNext = (snapshot: PhotoViewerSnapshot): boolean =>
  snapshot.context.index < snapshot.context.count - 1;

/** Whether the photo is zoomed in (a stroke then moves it instead of changing it). */
export const selectIsZoomed = (snapshot: PhotoViewerSnapshot): boolean =>
  snapshot.matches({ open: 'zoomed' });

/** The photo's CSS transform: moved (fractions of its box) then scaled about its centre. */
export const selectTransform = (snapshot: PhotoViewerSnapshot): string => {
  const { scale, x, y } = snapshot.context;
  return scale === 1 ? 'none' : `translate(${x * 100}%, ${y * 100}%) scale(${scale})`;
};

/** The zoom and the move, for a gesture that starts from them. */
export const selectZoom = (snapshot: PhotoViewerSnapshot): { scale: number; x: number; y: number } => ({
  scale: snapshot.context.scale,
  x: snapshot.context.x,
  y: snapshot.context.y,
});
