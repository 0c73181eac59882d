import { type ActorRefFrom, assign, emit, setup } from 'xstate';

/** How many photos the car has, and the one the address opens (0-based). */
export interface PhotoViewerInput {
  count: number;
  index: number;
}

/** The photo on screen and how far it is zoomed in. */
export interface PhotoViewerContext {
  count: number;
  /** The photo on screen, 0-based. */
  index: number;
  /** The zoom: 1 fits the screen, up to {@link MAX_SCALE}. */
  scale: number;
  /** How far a zoomed photo is moved, as fractions of its own width and height (0 is centred). */
  x: number;
  y: number;
}

export type PhotoViewerEvent =
  /** The arrows, ← / →: one photo on or back (nothing at the ends). */
  | { type: 'photo.next' }
  | { type: 'photo.previous' }
  /** Home / End: the first or the last photo. */
  | { type: 'photo.first' }
  | { type: 'photo.last' }
  /** A one-finger stroke across a photo that fits the screen, in CSS pixels (left is negative `dx`). */
  | { type: 'photo.swipe'; dx: number; dy: number }
  /** The address names another photo (the shopper went Forward, or edited it). */
  | { type: 'viewer.show'; index: number }
  /** ×, Escape. */
  | { type: 'viewer.close' }
  /** A double tap or double click: zoom in, or back to fitting the screen. */
  | { type: 'zoom.toggle' }
  /** Two fingers: the zoom their distance asks for (the scale when they landed × how far apart they moved). */
  | { type: 'zoom.pinch'; scale: number }
  /** One finger on a zoomed photo: where it is moved to, as fractions of its width and height. */
  | { type: 'zoom.pan'; x: number; y: number };

/**
 * What the view carries out on the address: `viewer.moved` follows the photo on screen (the address
 * is replaced, not added to history); `viewer.closed` leaves the viewer's address (Back when the
 * viewer added it, else replaced).
 */
export type PhotoViewerEmitted = { type: 'viewer.moved'; index: number } | { type: 'viewer.closed' };

/** How far a stroke must travel sideways to change the photo, in CSS pixels. */
export const SWIPE_THRESHOLD_PX = 48;
/** The zoom a double tap gives. */
export const TOGGLE_SCALE = 2.5;
/** The furthest a pinch zooms in. */
export const MAX_SCALE = 4;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
/** A zoomed photo is moved no further than keeps it covering the screen it fits. */
const panLimit = (scale: number) => (scale - 1) / 2;
const isSideways = (dx: number, dy: number) =>
  Math.abs(dx) >= SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy);

/**
 * The full-screen photo viewer on a car page (issue 37 item 6). It opens on the photo the address names
 * (`?photo=3`) and closes by ×, Escape or Back. The photos stop at the ends (the first has no previous,
 * the last no next, as the site's carousels do), so "Photo 12 of 12" is the end of the set. A photo
 * that fits the screen changes with a swipe; a zoomed one (`zoomed`: a pinch or a double tap) moves
 * under the finger instead, and changing the photo fits the new one to the screen.
 */
export const photoViewerMachine = setup({
  types: {} as {
    context: PhotoViewerContext;
    input: PhotoViewerInput;
    events: PhotoViewerEvent;
    emitted: PhotoViewerEmitted;
  },
  actions: {
    goTo: assign((_, index: number) => ({ index, scale: 1, x: 0, y: 0 })),
    announceMove: emit(({ context }) => ({ type: 'viewer.moved' as const, index: context.index })),
    announceClose: emit({ type: 'viewer.closed' as const }),
    zoomTo: assign(({ context }, scale: number) => {
      const next = clamp(scale, 1, MAX_SCALE);
      const limit = panLimit(next);
      return { scale: next, x: clamp(context.x, -limit, limit), y: clamp(context.y, -limit, limit) };
    }),
    fit: assign({ scale: 1, x: 0, y: 0 }),
    pan: assign(({ context }, to: { x: number; y: number }) => {
      const limit = panLimit(context.scale);
      return { x: clamp(to.x, -limit, limit), y: clamp(to.y, -limit, limit) };
    }),
  },
  guards: {
    hasNext: ({ context }) => context.index < context.count - 1,
    hasPrevious: ({ context }) => context.index > 0,
    isPhoto: ({ context }, index: number) => Number.isInteger(index) && index >= 0 && index < context.count,
    isSwipeToNext: ({ context }, stroke: { dx: number; dy: number }) =>
      isSideways(stroke.dx, stroke.dy) && stroke.dx < 0 && context.index < context.count - 1,
    isSwipeToPrevious: ({ context }, stroke: { dx: number; dy: number }) =>
      isSideways(stroke.dx, stroke.dy) && stroke.dx > 0 && context.index > 0,
    isZoomIn: (_, scale: number) => scale > 1,
  },
}).createMachine({
  id: 'photoViewer',
  context: ({ input }) => {
    const count = Math.max(0, Math.floor(input.count));
    return { count, index: clamp(Math.floor(input.index), 0, Math.max(0, count - 1)), scale: 1, x: 0, y: 0 };
  },
  initial: 'open',
  states: {
    open: {
      initial: 'fitted',
      on: {
        'viewer.close': { target: 'closed', actions: 'announceClose' },
        'photo.next': {
          guard: 'hasNext',
          target: '.fitted',
          actions: [{ type: 'goTo', params: ({ context }) => context.index + 1 }, 'announceMove'],
        },
        'photo.previous': {
          guard: 'hasPrevious',
          target: '.fitted',
          actions: [{ type: 'goTo', params: ({ context }) => context.index - 1 }, 'announceMove'],
        },
        'photo.first': {
          guard: 'hasPrevious',
          target: '.fitted',
          actions: [{ type: 'goTo', params: 0 }, 'announceMove'],
        },
        'photo.last': {
          guard: 'hasNext',
          target: '.fitted',
          actions: [{ type: 'goTo', params: ({ context }) => context.count - 1 }, 'announceMove'],
        },
        'viewer.show': {
          guard: { type: 'isPhoto', params: ({ event }) => event.index },
          target: '.fitted',
          actions: { type: 'goTo', params: ({ event }) => event.index },
        },
      },
      states: {
        fitted: {
          on: {
            'photo.swipe': [
              {
                guard: { type: 'isSwipeToNext', params: ({ event }) => event },
                target: 'fitted',
                actions: [{ type: 'goTo', params: ({ context }) => context.index + 1 }, 'announceMove'],
              },
              {
                guard: { type: 'isSwipeToPrevious', params: ({ event }) => event },
                target: 'fitted',
                actions: [{ type: 'goTo', params: ({ context }) => context.index - 1 }, 'announceMove'],
              },
            ],
            'zoom.toggle': { target: 'zoomed', actions: { type: 'zoomTo', params: TOGGLE_SCALE } },
            'zoom.pinch': {
              guard: { type: 'isZoomIn', params: ({ event }) => event.scale },
              target: 'zoomed',
              actions: { type: 'zoomTo', params: ({ event }) => event.scale },
            },
          },
        },
        zoomed: {
          on: {
            'zoom.toggle': { target: 'fitted', actions: 'fit' },
            'zoom.pinch': [
              {
                guard: { type: 'isZoomIn', params: ({ event }) => event.scale },
                actions: { type: 'zoomTo', params: ({ event }) => event.scale },
              },
              { target: 'fitted', actions: 'fit' },
            ],
            'zoom.pan': { actions: { type: 'pan', params: ({ event }) => ({ x: event.x, y: event.y }) } },
          },
        },
      },
    },
    closed: {},
  },
});

/** A running photo viewer. */
export type PhotoViewerActorRef = ActorRefFrom<typeof photoViewerMachine>;
