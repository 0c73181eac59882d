import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { NearestLocations, NearestLocationsQuery } from '../../domain/contracts/locations.ts';
import { POSTCODE_MESSAGE, postcodeSchema } from '../../domain/postcode.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalMessage } from '../shared/refusal.ts';

/** §2 the locations grid's filter: every location, or one type. */
export type LocationFilter = 'all' | 'sales' | 'service' | 'parts';

/** What the locations pages start from. */
export interface LocationFinderInput {
  /**
   * The moment the page is shown (ISO), fixed when the page starts: the server's first render and
   * the browser's hydration read the same clock ("open now", today's hours).
   */
  now: string;
}

export interface LocationFinderContext extends LocationFinderInput {
  /** Which locations show (§2 "A locations grid can be filtered by sales, service and parts"). */
  filter: LocationFilter;
  postcode: string;
  /** The locations nearest first with their distance, once found. */
  found: NearestLocations['locations'] | null;
  error: string | null;
}

export type LocationFinderEvent =
  /** A postcode to sort by, as the shopper typed it (the machine checks it). */
  | { type: 'nearest.find'; postcode: string }
  /** Back to the dealer's own order. */
  | { type: 'nearest.clear' }
  | { type: 'locations.filter'; filter: LocationFilter };

const FAILED = 'We could not find that postcode just now. Please try again.';

/** The typed postcode, checked by the forms' rule (§5, §8: four digits), or null. */
const postcodeOf = (event: LocationFinderEvent): string | null => {
  if (event.type !== 'nearest.find') return null;
  const parsed = postcodeSchema.safeParse(event.postcode);
  return parsed.success ? parsed.data : null;
};

/**
 * The locations pages' machine (issue 18 item 2; issue 32 item 2): the grid's type filter (§2: all,
 * sales, service, parts), and "nearest to me" (`locations-forms-tradein-site.md` §7 geocoding):
 * `idle` → `searching` (the postcode geocoded, the locations sorted by great-circle distance on the
 * server) → `found`; a postcode that is not four digits, one the geocoder does not know, or a
 * failure, returns to `idle` with the message and without the last search's distances. Clearing
 * returns to the dealer's own order.
 */
export const locationFinderMachine = setup({
  types: {} as {
    context: LocationFinderContext;
    events: LocationFinderEvent;
    input: LocationFinderInput;
  },
  actors: {
    findNearest: fromPromise<NearestLocations, NearestLocationsQuery>(notProvided('findNearest')),
  },
  guards: {
    /** §5, §8: a postcode is four digits. */
    isPostcode: ({ event }) => postcodeOf(event) !== null,
  },
  actions: {
    assignPostcode: assign(({ event }) => ({ postcode: postcodeOf(event) ?? '', error: null })),
    // A refused postcode ends the last search: its distances no longer answer what the shopper typed.
    assignInvalid: assign({ error: POSTCODE_MESSAGE, found: null, postcode: '' }),
    assignFound: assign((_, answer: NearestLocations) => ({ found: answer.locations, error: null })),
    assignError: assign((_, error: unknown) => ({ error: refusalMessage(error, FAILED), found: null })),
    clear: assign({ found: null, error: null, postcode: '' }),
    assignFilter: assign(({ event }) => (event.type === 'locations.filter' ? { filter: event.filter } : {})),
  },
}).createMachine({
  id: 'locationFinder',
  context: ({ input }) => ({
    now: input.now,
    filter: 'all',
    postcode: '',
    found: null,
    error: null,
  }),
  initial: 'idle',
  on: {
    'nearest.find': [
      { guard: 'isPostcode', target: '.searching', actions: 'assignPostcode' },
      { target: '.idle', actions: 'assignInvalid' },
    ],
    // The filter is independent of the search: it keeps the order and the distances.
    'locations.filter': { actions: 'assignFilter' },
  },
  states: {
    idle: {},
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'findNearest',
        src: 'findNearest',
        input: ({ context }) => ({ postcode: context.postcode }),
        onDone: { target: 'found', actions: { type: 'assignFound', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: { type: 'assignError', params: errorOf } },
      },
    },
    found: { on: { 'nearest.clear': { target: 'idle', actions: 'clear' } } },
  },
});

/** A running locations page. */
export type LocationFinderActorRef = ActorRefFrom<typeof locationFinderMachine>;
