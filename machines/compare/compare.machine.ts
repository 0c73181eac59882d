import { type ActorRefFrom, assign, fromCallback, fromPromise, setup } from 'xstate';
import { COMPARE_LIMITS, COMPARE_TEXT, type CompareCar } from '../../domain/compare.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The compare tray: its cars (oldest first), how many it may hold here, and a refusal to show. */
export interface CompareContext {
  cars: CompareCar[];
  limit: number;
  /** Why the last add was refused (the tray is full), until the tray changes or it is dismissed. */
  notice: string | null;
}

/** Events of the compare tray. */
export type CompareEvent =
  | { type: 'compare.add'; car: CompareCar }
  | { type: 'compare.remove'; slug: string }
  | { type: 'compare.clear' }
  /** The window's width changed the limit (four, three on a phone). */
  | { type: 'compare.limit'; limit: number }
  /** Another tab changed the stored tray. */
  | { type: 'compare.sync'; cars: CompareCar[] }
  | { type: 'notice.dismiss' };

/**
 * The compare tray (issue 19 item 1): the cars a shopper chose to compare, kept in the browser's
 * storage (read once by `readTray`, written back by `writeTray`, both bound in the wiring) so the
 * tray follows the shopper across pages and reloads; `watchTray` reports another tab's changes. `ready` is `empty`, `holding` or `full`; a car
 * added to a full tray is refused with a message, a car already in it is not added twice. The
 * limit is four, three on a phone, told by the window whenever it changes (while the tray is still
 * being read too: issue 31 item 10): a tray filled on a wide window keeps its cars on a phone, and
 * takes no more until it is under the limit.
 */
export const compareMachine = setup({
  types: {} as { context: CompareContext; events: CompareEvent },
  actors: {
    readTray: fromPromise<CompareCar[]>(notProvided('compare: readTray')),
    /** Another tab's writes to the stored tray, as `compare.sync` (none unless the wiring binds it). */
    watchTray: fromCallback<CompareEvent>(() => () => undefined),
  },
  guards: {
    isEmpty: ({ context }) => context.cars.length === 0,
    isFull: ({ context }) => context.cars.length >= context.limit,
    holds: ({ context }, slug: string) => context.cars.some((car) => car.slug === slug),
  },
  actions: {
    writeTray: (_, _cars: CompareCar[]) => notProvided('compare: writeTray')(),
    assignLimit: assign({
      limit: ({ context, event }) => (event.type === 'compare.limit' ? event.limit : context.limit),
    }),
  },
}).createMachine({
  id: 'compare',
  context: { cars: [], limit: COMPARE_LIMITS.wide, notice: null },
  initial: 'loading',
  // The window tells its limit once, often before the stored tray is read: it is kept for then.
  on: { 'compare.limit': { actions: 'assignLimit' } },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'readTray',
        src: 'readTray',
        onDone: { target: 'ready', actions: assign({ cars: ({ event }) => event.output }) },
        // Storage that cannot be read: the tray starts empty and lives for this visit.
        onError: { target: 'ready' },
      },
    },
    ready: {
      invoke: { id: 'watchTray', src: 'watchTray' },
      initial: 'placing',
      states: {
        placing: {
          always: [
            { guard: 'isEmpty', target: 'empty' },
            { guard: 'isFull', target: 'full' },
            { target: 'holding' },
          ],
        },
        empty: {},
        holding: {},
        full: {},
      },
      on: {
        'compare.add': [
          { guard: { type: 'holds', params: ({ event }) => event.car.slug } },
          {
            guard: 'isFull',
            actions: assign({ notice: ({ context }) => COMPARE_TEXT.full(context.limit) }),
          },
          {
            target: '.placing',
            actions: [
              assign({ cars: ({ context, event }) => [...context.cars, event.car], notice: null }),
              { type: 'writeTray', params: ({ context }) => context.cars },
            ],
          },
        ],
        'compare.remove': {
          guard: { type: 'holds', params: ({ event }) => event.slug },
          target: '.placing',
          actions: [
            assign({
              cars: ({ context, event }) => context.cars.filter((car) => car.slug !== event.slug),
              notice: null,
            }),
            { type: 'writeTray', params: ({ context }) => context.cars },
          ],
        },
        'compare.clear': {
          target: '.placing',
          actions: [assign({ cars: [], notice: null }), { type: 'writeTray', params: () => [] }],
        },
        'compare.limit': { target: '.placing', actions: 'assignLimit' },
        'compare.sync': {
          target: '.placing',
          actions: assign({ cars: ({ event }) => event.cars, notice: null }),
        },
        'notice.dismiss': { actions: assign({ notice: null }) },
      },
    },
  },
});

/** A running compare tray. */
export type CompareActorRef = ActorRefFrom<typeof compareMachine>;
