import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import {
  type MoreCarsSearch,
  orderByViewed,
  otherViewed,
  pickSimilarCars,
  type RecentCarsQuery,
  readRecentlyViewed,
  rememberViewed,
  type SimilarCarFacts,
  type SimilarCarsQuery,
  type ViewedSave,
} from '../../domain/more-cars.ts';
import type { CarHit } from '../../domain/search-result.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The car on screen (null on the home page: recent cars only) and where the sections search. */
export interface MoreCarsInput {
  car: SimilarCarFacts | null;
  search: MoreCarsSearch;
}

/** The sections' context: the viewed ids (newest first), the cars each section shows, the last failure. */
export interface MoreCarsContext extends MoreCarsInput {
  viewed: number[];
  /** The sections scrolled near while the view was still being recorded. */
  near: boolean;
  similar: CarHit[];
  recent: CarHit[];
  error: string | null;
}

/** Events of the car page's "more cars". */
export type MoreCarsEvent =
  /** The sections came near the screen (the shopper scrolled towards them): they load now. */
  | { type: 'section.near' }
  /** "Clear" on the recently viewed cars: this browser forgets them. */
  | { type: 'viewed.clear' }
  /** Loads a section again after a failure. */
  | { type: 'retry' };

/** What `loadSimilar` finds: the same body type in the price band, and the same make. */
export interface SimilarCarsFound {
  alike: CarHit[];
  sameMake: CarHit[];
}

const carIdOf = (context: MoreCarsContext): number | null => context.car?.id ?? null;

/** `loadSimilar`'s input; only a car page (`hasCar`) searches for similar cars. */
function similarQuery(context: MoreCarsContext): SimilarCarsQuery {
  if (!context.car) throw new Error('Similar cars need a car');
  return { search: context.search, car: context.car };
}

/**
 * More cars on a car page (issue 37 item 7; rules in `domain/more-cars.ts`). On start the car is
 * recorded as viewed (`readViewed`, then `saveViewed`; storage failing records nothing and shows no
 * recent cars). Nothing is searched until `section.near`: then two regions load — similar cars
 * (`loadSimilar`: `ready`, or `none` when there are none) and recently viewed cars (`loadRecent`, or
 * `none` when no other car was viewed or none is still in stock); `viewed.clear` forgets them.
 * Without a car (the home page) nothing is recorded and only the recent cars load.
 */
export const moreCarsMachine = setup({
  types: {} as { context: MoreCarsContext; events: MoreCarsEvent; input: MoreCarsInput },
  actors: {
    /** The stored ids as they were saved (anything: they are checked on the way in). */
    readViewed: fromPromise<unknown>(notProvided('readViewed')),
    saveViewed: fromPromise<void, ViewedSave>(notProvided('saveViewed')),
    loadSimilar: fromPromise<SimilarCarsFound, SimilarCarsQuery>(notProvided('loadSimilar')),
    loadRecent: fromPromise<CarHit[], RecentCarsQuery>(notProvided('loadRecent')),
  },
  guards: {
    isNear: ({ context }) => context.near,
    hasCar: ({ context }) => context.car !== null,
    hasSimilar: ({ context }) => context.similar.length > 0,
    hasRecent: ({ context }) => context.recent.length > 0,
    hasOthersViewed: ({ context }) => otherViewed(context.viewed, carIdOf(context)).length > 0,
  },
  actions: {
    markNear: assign({ near: true }),
    assignViewed: assign(({ context }, stored: unknown) => ({
      viewed: context.car
        ? rememberViewed(readRecentlyViewed(stored), context.car.id)
        : readRecentlyViewed(stored),
    })),
    assignSimilar: assign(({ context }, found: SimilarCarsFound) => ({
      similar: pickSimilarCars(carIdOf(context) ?? 0, found),
    })),
    assignRecent: assign(({ context }, found: CarHit[]) => ({
      recent: orderByViewed(otherViewed(context.viewed, carIdOf(context)), found),
    })),
    forgetViewed: assign({ viewed: [], recent: [] }),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
}).createMachine({
  id: 'moreCars',
  context: ({ input }) => ({ ...input, viewed: [], near: false, similar: [], recent: [], error: null }),
  initial: 'recording',
  states: {
    recording: {
      initial: 'reading',
      on: { 'section.near': { actions: 'markNear' } },
      states: {
        reading: {
          invoke: {
            id: 'readViewed',
            src: 'readViewed',
            onDone: [
              {
                guard: 'hasCar',
                target: 'saving',
                actions: {
                  type: 'assignViewed',
                  params: ({ event }: { event: { output: unknown } }) => event.output,
                },
              },
              {
                target: 'recorded',
                actions: {
                  type: 'assignViewed',
                  params: ({ event }: { event: { output: unknown } }) => event.output,
                },
              },
            ],
            onError: { target: 'recorded', actions: { type: 'assignError', params: errorOf } },
          },
        },
        saving: {
          invoke: {
            id: 'saveViewed',
            src: 'saveViewed',
            input: ({ context }) => ({ viewed: context.viewed }),
            onDone: 'recorded',
            onError: { target: 'recorded', actions: { type: 'assignError', params: errorOf } },
          },
        },
        recorded: { type: 'final' },
      },
      onDone: [{ guard: 'isNear', target: 'showing' }, { target: 'waiting' }],
    },
    waiting: {
      on: { 'section.near': 'showing' },
    },
    showing: {
      type: 'parallel',
      states: {
        similar: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasCar', target: 'loading' }, { target: 'none' }] },
            loading: {
              tags: ['loading'],
              invoke: {
                id: 'loadSimilar',
                src: 'loadSimilar',
                input: ({ context }) => similarQuery(context),
                onDone: {
                  target: 'loaded',
                  actions: { type: 'assignSimilar', params: ({ event }) => event.output },
                },
                onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
              },
            },
            loaded: { always: [{ guard: 'hasSimilar', target: 'ready' }, { target: 'none' }] },
            ready: {},
            none: {},
            failed: { on: { retry: 'loading' } },
          },
        },
        recent: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasOthersViewed', target: 'loading' }, { target: 'none' }] },
            loading: {
              tags: ['loading'],
              invoke: {
                id: 'loadRecent',
                src: 'loadRecent',
                input: ({ context }) => ({
                  search: context.search,
                  ids: otherViewed(context.viewed, carIdOf(context)),
                }),
                onDone: {
                  target: 'loaded',
                  actions: { type: 'assignRecent', params: ({ event }) => event.output },
                },
                onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
              },
            },
            loaded: { always: [{ guard: 'hasRecent', target: 'ready' }, { target: 'none' }] },
            ready: { on: { 'viewed.clear': 'clearing' } },
            clearing: {
              tags: ['clearing'],
              invoke: {
                id: 'clearViewed',
                src: 'saveViewed',
                input: () => ({ viewed: [] }),
                onDone: { target: 'none', actions: 'forgetViewed' },
                onError: { target: 'clearFailed', actions: { type: 'assignError', params: errorOf } },
              },
            },
            clearFailed: { on: { 'viewed.clear': 'clearing' } },
            none: {},
            failed: { on: { retry: 'loading' } },
          },
        },
      },
    },
  },
});

/** A running "more cars" (the car page's sections below the fold). */
export type MoreCarsActorRef = ActorRefFrom<typeof moreCarsMachine>;
