import { type ActorRefFrom, assign, emit, setup } from 'xstate';

/** How many cards the carousel holds, and how many fit its width at first (the server's guess: one). */
export interface CarouselInput {
  count: number;
  shown?: number;
}

export interface CarouselContext {
  count: number;
  /** How many cards fit the track's width now (the view measures it). */
  shown: number;
  /** The first card in view. */
  index: number;
  /** Whether the shopper has moved it yet: the swipe hint shows until then. */
  moved: boolean;
}

export type CarouselEvent =
  /** The next / previous arrow: one card on. */
  | { type: 'carousel.next' }
  | { type: 'carousel.previous' }
  /** The shopper swiped or scrolled the track: the first card in view now. */
  | { type: 'carousel.scrolled'; index: number }
  /** The track's width changed: how many cards fit it now. */
  | { type: 'carousel.measured'; shown: number };

/** What the view carries out: scroll the track so that card `index` is the first in view. */
export type CarouselEmitted = { type: 'carousel.scrollTo'; index: number };

/** The last first-card index: the one that shows the last card at the end of the track. */
const lastIndex = ({ count, shown }: Pick<CarouselContext, 'count' | 'shown'>) => Math.max(0, count - shown);
const clamp = (context: CarouselContext, index: number) =>
  Math.min(lastIndex(context), Math.max(0, Math.round(index)));

/**
 * A carousel of cards (`locations-forms-tradein-site.md` §2 "a carousel of location cards with a
 * swipe hint … previous and next arrows are disabled at the ends"): `placing` settles at once into
 * `allShown` (every card fits: no arrow works), `atStart` (only next), `between` (both) or `atEnd`
 * (only previous). An arrow moves one card and asks the view to scroll; a swipe tells where the
 * track came to rest; a new width re-measures. Moving the carousel ends the swipe hint.
 */
export const carouselMachine = setup({
  types: {} as {
    context: CarouselContext;
    input: CarouselInput;
    events: CarouselEvent;
    emitted: CarouselEmitted;
  },
  actions: {
    step: assign(({ context }, delta: number) => ({
      index: clamp(context, context.index + delta),
      moved: true,
    })),
    settle: assign(({ context }, index: number) => ({
      index: clamp(context, index),
      moved: context.moved || index !== context.index,
    })),
    measure: assign(({ context }, shown: number) => {
      const fits = Math.max(1, Math.floor(shown));
      return { shown: fits, index: clamp({ ...context, shown: fits }, context.index) };
    }),
    scrollTo: emit(({ context }) => ({ type: 'carousel.scrollTo' as const, index: context.index })),
  },
  guards: {
    allShown: ({ context }) => context.count <= context.shown,
    atStart: ({ context }) => context.index <= 0,
    atEnd: ({ context }) => context.index >= lastIndex(context),
  },
}).createMachine({
  id: 'carousel',
  context: ({ input }) => ({
    count: Math.max(0, Math.floor(input.count)),
    shown: Math.max(1, Math.floor(input.shown ?? 1)),
    index: 0,
    moved: false,
  }),
  initial: 'placing',
  on: {
    'carousel.scrolled': {
      target: '.placing',
      actions: { type: 'settle', params: ({ event }) => event.index },
    },
    'carousel.measured': {
      target: '.placing',
      actions: { type: 'measure', params: ({ event }) => event.shown },
    },
  },
  states: {
    placing: {
      always: [
        { guard: 'allShown', target: 'allShown' },
        { guard: 'atStart', target: 'atStart' },
        { guard: 'atEnd', target: 'atEnd' },
        { target: 'between' },
      ],
    },
    allShown: {},
    atStart: {
      on: { 'carousel.next': { target: 'placing', actions: [{ type: 'step', params: 1 }, 'scrollTo'] } },
    },
    between: {
      on: {
        'carousel.next': { target: 'placing', actions: [{ type: 'step', params: 1 }, 'scrollTo'] },
        'carousel.previous': { target: 'placing', actions: [{ type: 'step', params: -1 }, 'scrollTo'] },
      },
    },
    atEnd: {
      on: {
        'carousel.previous': { target: 'placing', actions: [{ type: 'step', params: -1 }, 'scrollTo'] },
      },
    },
  },
});

/** A running carousel. */
export type CarouselActorRef = ActorRefFrom<typeof carouselMachine>;
