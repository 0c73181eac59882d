import {
  type ActorRefFrom,
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  emit,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
  stopChild,
} from 'xstate';
import type { PostcodePlace, PostcodeQuery } from '../../domain/contracts/postcodes.ts';
import {
  type DistanceRadius,
  NEAR_POSTCODE_MESSAGE,
  type NearPlace,
  nearInputSchema,
  withinSchema,
} from '../../domain/distance-filter.ts';
import type { CarSearchCall, CarSearchResult } from '../../domain/search-result.ts';
import {
  clearRefinements,
  type ListAttribute,
  type MenuAttribute,
  type NumericRange,
  type RangeAttribute,
  type SearchState,
  setMenu,
  setNear,
  setPage,
  setQuery,
  setRange,
  setSortBy,
  setWeekly,
  toggleRefinement,
} from '../../domain/search-state.ts';
import { searchHistoryMachine } from '../search-history/search-history.machine.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalMessage } from '../shared/refusal.ts';
import {
  initialContext,
  isCachedSearch,
  needsPlace,
  type SearchContext,
  withCachedResult,
  withCatalog,
  withLocation,
  withoutFailedPlace,
  withPlace,
  withPrefetchedResult,
  withResult,
  withState,
  withToggled,
} from './search.context.ts';
import { hrefOf, type UrlParts } from './search.location.ts';
import { catalogRequest, type SearchSettings, searchRequest, withoutOldest } from './search.request.ts';

export type { SearchContext } from './search.context.ts';

/** What a search page starts from: its address (raw) and the listing's settings. */
export interface SearchInput extends SearchSettings, UrlParts {}

/** Events the search page accepts. Filter changes drop the page (domain `search-state.ts`). */
export type SearchEvent =
  | { type: 'refinement.toggle'; attribute: ListAttribute; value: string }
  /**
   * The shopper is pressing a value (pointer down, or Space on its checkbox): its search starts
   * now, so the click that follows finds it under way or answered.
   */
  | { type: 'refinement.intent'; attribute: ListAttribute; value: string }
  | { type: 'menu.set'; attribute: MenuAttribute; value: string | null }
  | { type: 'range.set'; attribute: RangeAttribute; range: NumericRange | null }
  /** "Under $X a week" in whole dollars, or null to clear it (issue 37 item 5). */
  | { type: 'weekly.set'; weekly: number | null }
  /**
   * "Within `within` km of my postcode" (issue 37 item 3), as the shopper typed the postcode (the
   * machine checks it: four digits).
   */
  | { type: 'near.set'; postcode: string; within: number }
  | { type: 'near.clear' }
  | { type: 'query.set'; query: string }
  /** A replica name, or null for the default ranking. */
  | { type: 'sort.set'; sortBy: string | null }
  /** A 1-based page. */
  | { type: 'page.set'; page: number }
  | { type: 'refinements.clear' }
  /** The address changed outside the machine (back/forward, a link): the page comes from it. */
  | { type: 'location.change'; path: string; search: string }
  | { type: 'retry' };

/** What the distance filter says when the postcode could not be looked up (not the shopper's mistake). */
const GEOCODE_FAILED = 'We could not look up that postcode just now. Please try again.';

/**
 * Emitted when the search changed: the view layer navigates to `href` (the machine never does) and
 * shows the new search from the top of the page.
 */
export type SearchEmitted = { type: 'url.push'; href: string };

/**
 * The search page (spec §4 "Search results"): loading → hasData | hasError, and notFound for an
 * unknown `/search/{slug}`. Every change of the search searches again — at once from the cache when
 * the same request was answered before — and emits `url.push`; back/forward arrive as
 * `location.change`. In-flight states carry the `loading` tag, so the server renders it settled.
 * Its child `searchHistory` remembers every search shown (the page's recent searches).
 */
export const searchMachine = setup({
  types: {} as {
    context: SearchContext;
    /** With the outcome of the spawned `prefetch` child (an invoke's is typed by its `onDone`). */
    events: SearchEvent | DoneActorEvent<CarSearchResult, 'prefetch'> | ErrorActorEvent<unknown, 'prefetch'>;
    input: SearchInput;
    emitted: SearchEmitted;
    children: {
      searchHistory: 'searchHistory';
      loadCatalog: 'runSearch';
      runSearch: 'runSearch';
      prefetch: 'runSearch';
      geocodePostcode: 'geocodePostcode';
    };
  },
  actors: {
    runSearch: fromPromise<CarSearchResult, CarSearchCall>(notProvided('runSearch')),
    geocodePostcode: fromPromise<PostcodePlace, PostcodeQuery>(notProvided('geocodePostcode')),
    searchHistory: searchHistoryMachine,
  },
  guards: {
    hasRoute: ({ context }) => context.route !== null,
    isCatalogLoaded: ({ context }) => context.catalogLoaded,
    isCached: ({ context }) => isCachedSearch(context),
    isCacheFull: ({ context }) => context.cache.length >= context.settings.cacheSize,
    /** The distance filter's postcode is not geocoded yet. */
    needsPlace: ({ context }) => needsPlace(context),
    /** §5, §8: a postcode is four digits; the radius one the select offers. */
    isNearby: ({ event }) =>
      event.type === 'near.set' &&
      nearInputSchema.safeParse(event.postcode).success &&
      withinSchema.safeParse(event.within).success,
    /** A press on a value whose search is neither kept nor already under way. */
    isNewIntent: ({ context }, params: { attribute: ListAttribute; value: string }) => {
      const next = withToggled(context, params.attribute, params.value);
      return next.key !== context.prefetchKey && !context.cache.some((entry) => entry.key === next.key);
    },
  },
  actions: {
    changeSearch: assign(({ context }, state: SearchState) => withState(context, state)),
    assignPlace: assign(({ context }, params: { postcode: string; place: NearPlace }) =>
      withPlace(context, params.postcode, params.place),
    ),
    forgetFailedPlace: assign(({ context }, postcode: string) => withoutFailedPlace(context, postcode)),
    assignNearInvalid: assign({ nearMessage: NEAR_POSTCODE_MESSAGE }),
    pushUrl: emit(({ context }) => ({ type: 'url.push', href: hrefOf(context.location) }) as const),
    assignLocation: assign(({ context }, url: UrlParts) => withLocation(context, url)),
    assignCatalog: assign(({ context }, output: CarSearchResult) => withCatalog(context, output.facets)),
    dropOldestResult: assign(({ context }) => ({
      cache: withoutOldest(context.cache, context.settings.cacheSize),
    })),
    assignResult: assign(({ context }, result: CarSearchResult) => withResult(context, result)),
    /** Searches the state a press on a value would make; the one before it, if any, is dropped. */
    prefetch: enqueueActions(({ context, enqueue }, params: { attribute: ListAttribute; value: string }) => {
      const next = withToggled(context, params.attribute, params.value);
      enqueue.stopChild('prefetch');
      enqueue.assign({ prefetchKey: next.key });
      enqueue.spawnChild('runSearch', {
        id: 'prefetch',
        input: { endpoint: context.settings.endpoint, request: next.request },
      });
    }),
    assignPrefetched: assign(({ context }, result: CarSearchResult) => withPrefetchedResult(context, result)),
    dropPrefetch: assign({ prefetchKey: null }),
    /** The settled `prefetch` child leaves the snapshot's children (a no-op on a running actor). */
    stopPrefetch: stopChild('prefetch'),
    assignCachedResult: assign(({ context }) => withCachedResult(context)),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    rememberSearch: sendTo('searchHistory', ({ context }) => ({
      type: 'search.remember' as const,
      search: context.state,
    })),
  },
}).createMachine({
  id: 'search',
  context: ({ input: { path, search, ...settings } }) => initialContext(settings, { path, search }),
  initial: 'routing',
  // The page's recent searches (doc 2 §4, §9): a child the page tells of every search it shows.
  invoke: { id: 'searchHistory', src: 'searchHistory' },
  on: {
    'location.change': {
      target: '.routing',
      actions: {
        type: 'assignLocation',
        params: ({ event }) => ({ path: event.path, search: event.search }),
      },
    },
    // A pressed value's search, kept for the click that follows (whatever the page is doing by then).
    'xstate.done.actor.prefetch': {
      actions: [{ type: 'assignPrefetched', params: ({ event }) => event.output }, 'stopPrefetch'],
    },
    // Not kept: the click searches again and shows that search's outcome.
    'xstate.error.actor.prefetch': { actions: ['dropPrefetch', 'stopPrefetch'] },
  },
  states: {
    routing: {
      always: [
        { guard: 'hasRoute', target: 'listing' },
        { guard: 'isCatalogLoaded', target: 'notFound' },
        { target: 'resolving' },
      ],
    },
    resolving: {
      tags: ['loading'],
      invoke: {
        id: 'loadCatalog',
        src: 'runSearch',
        input: ({ context }) => ({
          endpoint: context.settings.endpoint,
          request: catalogRequest(context.settings),
        }),
        onDone: {
          target: 'routing',
          actions: { type: 'assignCatalog', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: errorOf },
        },
      },
    },
    /** The route could not be read (the catalog search failed): nothing to show yet. */
    failed: {
      on: { retry: 'resolving' },
    },
    listing: {
      initial: 'searching',
      on: {
        'refinement.intent': {
          guard: {
            type: 'isNewIntent',
            params: ({ event }) => ({ attribute: event.attribute, value: event.value }),
          },
          actions: {
            type: 'prefetch',
            params: ({ event }) => ({ attribute: event.attribute, value: event.value }),
          },
        },
        'refinement.toggle': {
          target: '.searching',
          actions: [
            {
              type: 'changeSearch',
              params: ({ context, event }) => toggleRefinement(context.state, event.attribute, event.value),
            },
            'pushUrl',
          ],
        },
        'menu.set': {
          target: '.searching',
          actions: [
            {
              type: 'changeSearch',
              params: ({ context, event }) => setMenu(context.state, event.attribute, event.value),
            },
            'pushUrl',
          ],
        },
        'range.set': {
          target: '.searching',
          actions: [
            {
              type: 'changeSearch',
              params: ({ context, event }) => setRange(context.state, event.attribute, event.range),
            },
            'pushUrl',
          ],
        },
        'weekly.set': {
          target: '.searching',
          actions: [
            { type: 'changeSearch', params: ({ context, event }) => setWeekly(context.state, event.weekly) },
            'pushUrl',
          ],
        },
        'query.set': {
          target: '.searching',
          actions: [
            { type: 'changeSearch', params: ({ context, event }) => setQuery(context.state, event.query) },
            'pushUrl',
          ],
        },
        'sort.set': {
          target: '.searching',
          actions: [
            { type: 'changeSearch', params: ({ context, event }) => setSortBy(context.state, event.sortBy) },
            'pushUrl',
          ],
        },
        'page.set': {
          target: '.searching',
          actions: [
            { type: 'changeSearch', params: ({ context, event }) => setPage(context.state, event.page) },
            'pushUrl',
          ],
        },
        'refinements.clear': {
          target: '.searching',
          actions: [
            { type: 'changeSearch', params: ({ context }) => clearRefinements(context.state) },
            'pushUrl',
          ],
        },
        'near.set': [
          {
            guard: 'isNearby',
            target: '.searching',
            actions: [
              { type: 'forgetFailedPlace', params: ({ event }) => event.postcode.trim() },
              {
                type: 'changeSearch',
                params: ({ context, event }) =>
                  setNear(context.state, {
                    postcode: event.postcode.trim(),
                    within: event.within as DistanceRadius,
                  }),
              },
              'pushUrl',
            ],
          },
          { actions: 'assignNearInvalid' },
        ],
        'near.clear': {
          target: '.searching',
          actions: [
            { type: 'forgetFailedPlace', params: '' },
            { type: 'changeSearch', params: ({ context }) => setNear(context.state, null) },
            'pushUrl',
          ],
        },
      },
      states: {
        searching: {
          always: [
            { guard: 'needsPlace', target: 'geocoding' },
            { guard: 'isCached', target: 'hasData', actions: 'assignCachedResult' },
            { target: 'loading' },
          ],
        },
        /** The distance filter's postcode is looked up; a refusal searches without the filter. */
        geocoding: {
          tags: ['loading'],
          invoke: {
            id: 'geocodePostcode',
            src: 'geocodePostcode',
            input: ({ context }) => ({ postcode: context.state.near ?? '' }),
            onDone: {
              target: 'searching',
              actions: {
                type: 'assignPlace',
                params: ({ event }) => ({
                  postcode: event.output.postcode,
                  place: { lat: event.output.lat, lng: event.output.lng },
                }),
              },
            },
            onError: {
              target: 'searching',
              actions: {
                type: 'assignPlace',
                params: ({ context, event }) => ({
                  postcode: context.state.near ?? '',
                  place: { error: refusalMessage(event.error, GEOCODE_FAILED) },
                }),
              },
            },
          },
        },
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'runSearch',
            src: 'runSearch',
            input: ({ context }) => ({
              endpoint: context.settings.endpoint,
              request: searchRequest(context.settings, context.route, context.state, context.places),
            }),
            onDone: [
              {
                guard: 'isCacheFull',
                target: 'hasData',
                actions: ['dropOldestResult', { type: 'assignResult', params: ({ event }) => event.output }],
              },
              { target: 'hasData', actions: { type: 'assignResult', params: ({ event }) => event.output } },
            ],
            onError: {
              target: 'hasError',
              actions: {
                type: 'assignError',
                params: errorOf,
              },
            },
          },
        },
        hasData: { entry: 'rememberSearch' },
        hasError: {
          on: { retry: 'searching' },
        },
      },
    },
    notFound: { type: 'final' },
  },
});

/** A running search page actor. */
export type SearchActorRef = ActorRefFrom<typeof searchMachine>;
