import { defineCatalogEntry } from '../catalog.types.ts';
import { photoViewerMachine } from './photo-viewer.machine.ts';

/** Three photos, opened on the first: each way to move, swipes either side of the threshold, zooms and pans. */
export const photoViewerCatalogEntry = defineCatalogEntry(photoViewerMachine, {
  summary:
    'Photo viewer: open.fitted ⇄ open.zoomed → closed; arrows, Home/End and swipes move (stopping at the ends), pinch and double tap zoom',
  input: { count: 3, index: 0 },
  promiseInvokes: {},
  events: [
    { type: 'photo.next' },
    { type: 'photo.previous' },
    { type: 'photo.first' },
    { type: 'photo.last' },
    { type: 'photo.swipe', dx: -80, dy: 10 },
    { type: 'photo.swipe', dx: 80, dy: 10 },
    { type: 'photo.swipe', dx: -20, dy: 0 },
    { type: 'viewer.show', index: 2 },
    { type: 'viewer.show', index: 7 },
    { type: 'viewer.close' },
    { type: 'zoom.toggle' },
    { type: 'zoom.pinch', scale: 2 },
    { type: 'zoom.pinch', scale: 0.8 },
    { type: 'zoom.pan', x: 0.9, y: -0.2 },
  ],
  serializeState: ({ value, context }) => ({
    value,
    index: context.index,
    scale: context.scale,
    x: context.x,
    y: context.y,
  }),
  simplePaths: false,
  notThroughUi: {
    'open viewer.show [isPhoto]':
      'only an address edited by hand while the viewer is open names another photo; the viewer replaces its address as it moves, so Back and Forward never do',
    'open.fitted zoom.pinch [isZoomIn]':
      'two fingers: Playwright drives one pointer; the pinch is measured in the view test',
    'open.zoomed zoom.pinch [isZoomIn]': 'two fingers: Playwright drives one pointer',
    'open.zoomed zoom.pinch [otherwise]': 'two fingers: Playwright drives one pointer',
  },
});
