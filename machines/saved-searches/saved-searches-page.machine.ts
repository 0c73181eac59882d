import { type ActorRefFrom, and, assign, fromPromise, setup } from 'xstate';
import { AUTH_MESSAGES, emailSchema } from '../../domain/auth.ts';
import type {
  AlertFrequencyChange,
  SavedSearchesAnswer,
  SavedSearchRef,
  SaveSearchByEmailCall,
} from '../../domain/contracts/saved-searches.ts';
import type { AlertFrequency, SavedSearch, SavedSearchDraft } from '../../domain/saved-search.ts';
import type { SaveSearchRequest } from '../../domain/saved-search-link.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { loadingRegion } from '../shared/page-loader.ts';

/** The page's input: the search the listing's "Save search" offers (`readSaveSearchRequest`), if any. */
export interface SavedSearchesPageInput {
  offer: SaveSearchRequest | null;
  /** The offered search's default name (`defaultSearchName`). */
  defaultName: string;
}

/** The page's context. */
export interface SavedSearchesPageContext {
  offer: SaveSearchRequest | null;
  name: string;
  frequency: AlertFrequency;
  /** A signed-out shopper's address, to save the offered search with (issue 37 item 9). */
  email: string;
  /** Where the confirmation link went, once sent. */
  sentTo: string | null;
  data: SavedSearchesAnswer | null;
  /** Why loading failed. */
  error: string | null;
  /** Why the last save, change or delete failed, while it stands. */
  actionError: string | null;
  /** What the last save, change or delete did, for the status line. */
  notice: string | null;
}

/** What the shopper does on the page. */
export type SavedSearchesPageEvent =
  | { type: 'retry' }
  | { type: 'name.change'; name: string }
  | { type: 'frequency.choose'; frequency: AlertFrequency }
  | { type: 'email.change'; email: string }
  | { type: 'save' }
  | { type: 'offer.dismiss' }
  | { type: 'frequency.set'; id: number; frequency: AlertFrequency }
  | { type: 'search.delete'; id: number };

const replaceSearch = (searches: readonly SavedSearch[], search: SavedSearch): SavedSearch[] =>
  searches.some((s) => s.id === search.id)
    ? searches.map((s) => (s.id === search.id ? search : s))
    : [search, ...searches];

/**
 * `/saved-searches` (issue 19 item 2): the shopper's saved searches — how often each emails, and
 * delete — and, arriving from a listing's "Save search", the offer to save that search with a name
 * and a frequency. `loading → ready | failed`; in `ready` one change runs at a time (`saving`,
 * `updating`, `deleting`) and its failure leaves the list as it was with the server's message.
 * A signed-out shopper may sign in (the view links to it) or save the offered search with just an
 * email (issue 37 item 9): `emailing → sendingLink → linkSent`, the search confirmed by the emailed link.
 */
export const savedSearchesPageMachine = setup({
  types: {} as {
    context: SavedSearchesPageContext;
    events: SavedSearchesPageEvent;
    input: SavedSearchesPageInput;
  },
  actors: {
    load: fromPromise<SavedSearchesAnswer>(notProvided('savedSearchesPage: load')),
    saveSearch: fromPromise<SavedSearch, SavedSearchDraft>(notProvided('savedSearchesPage: saveSearch')),
    saveSearchByEmail: fromPromise<string, SaveSearchByEmailCall>(
      notProvided('savedSearchesPage: saveSearchByEmail'),
    ),
    setFrequency: fromPromise<SavedSearch, AlertFrequencyChange>(
      notProvided('savedSearchesPage: setFrequency'),
    ),
    deleteSearch: fromPromise<number, SavedSearchRef>(notProvided('savedSearchesPage: deleteSearch')),
  },
  guards: {
    canSave: ({ context }) => context.offer !== null && context.data?.signed_in === true,
    canSaveByEmail: ({ context }) => context.offer !== null && context.data?.signed_in === false,
    hasName: ({ context }) => context.name.trim() !== '',
    hasEmail: ({ context }) => emailSchema.safeParse(context.email).success,
  },
  actions: {
    assignData: assign((_, data: SavedSearchesAnswer) => ({ data, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    assignActionError: assign((_, error: unknown) => ({ actionError: errorMessage(error), notice: null })),
    putSearch: assign(({ context }, params: { search: SavedSearch; notice: string }) => ({
      data: context.data && {
        ...context.data,
        searches: replaceSearch(context.data.searches, params.search),
      },
      actionError: null,
      notice: params.notice,
    })),
    dropSearch: assign(({ context }, id: number) => ({
      data: context.data && { ...context.data, searches: context.data.searches.filter((s) => s.id !== id) },
      actionError: null,
      notice: 'Saved search deleted',
    })),
    clearOffer: assign({ offer: null }),
    changeName: assign({ name: ({ event }) => (event as { name: string }).name }),
    chooseFrequency: assign({ frequency: ({ event }) => (event as { frequency: AlertFrequency }).frequency }),
    refuseUnnamed: assign({ actionError: 'Please name this search', notice: null }),
  },
}).createMachine({
  id: 'savedSearchesPage',
  context: ({ input }) => ({
    offer: input.offer,
    name: input.defaultName,
    frequency: 'instant',
    email: '',
    sentTo: null,
    data: null,
    error: null,
    actionError: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    ...loadingRegion<'load', SavedSearchesAnswer>('load'),
    ready: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [
            { guard: 'canSave', target: 'offering' },
            { guard: 'canSaveByEmail', target: 'emailing' },
            { target: 'idle' },
          ],
        },
        offering: {
          on: {
            'name.change': { actions: 'changeName' },
            'frequency.choose': { actions: 'chooseFrequency' },
            save: [{ guard: 'hasName', target: 'saving' }, { actions: 'refuseUnnamed' }],
            'offer.dismiss': { target: 'idle', actions: 'clearOffer' },
          },
        },
        saving: {
          invoke: {
            id: 'saveSearch',
            src: 'saveSearch',
            input: ({ context }) => {
              const offer = context.offer as SaveSearchRequest;
              return { ...offer, name: context.name.trim(), frequency: context.frequency };
            },
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'putSearch',
                  params: ({ event }) => ({
                    search: event.output,
                    notice: `Search saved: ${event.output.name}`,
                  }),
                },
                'clearOffer',
              ],
            },
            onError: { target: 'offering', actions: { type: 'assignActionError', params: errorOf } },
          },
        },
        emailing: {
          on: {
            'name.change': { actions: 'changeName' },
            'frequency.choose': { actions: 'chooseFrequency' },
            'email.change': { actions: assign({ email: ({ event }) => event.email }) },
            save: [
              { guard: and(['hasName', 'hasEmail']), target: 'sendingLink' },
              { guard: 'hasName', actions: assign({ actionError: AUTH_MESSAGES.email, notice: null }) },
              { actions: 'refuseUnnamed' },
            ],
          },
        },
        sendingLink: {
          invoke: {
            id: 'saveSearchByEmail',
            src: 'saveSearchByEmail',
            input: ({ context }) => {
              const offer = context.offer as SaveSearchRequest;
              return {
                email: context.email.trim(),
                draft: { ...offer, name: context.name.trim(), frequency: context.frequency },
              };
            },
            onDone: {
              target: 'linkSent',
              actions: assign({ sentTo: ({ event }) => event.output, actionError: null, notice: null }),
            },
            onError: { target: 'emailing', actions: { type: 'assignActionError', params: errorOf } },
          },
        },
        linkSent: {},
        idle: {
          on: {
            'frequency.set': { target: 'updating' },
            'search.delete': { target: 'deleting' },
          },
        },
        updating: {
          invoke: {
            id: 'setFrequency',
            src: 'setFrequency',
            input: ({ event }) => {
              const change = event as Extract<SavedSearchesPageEvent, { type: 'frequency.set' }>;
              return { id: change.id, frequency: change.frequency };
            },
            onDone: {
              target: 'idle',
              actions: {
                type: 'putSearch',
                params: ({ event }) => ({
                  search: event.output,
                  notice: `Emails changed for ${event.output.name}`,
                }),
              },
            },
            onError: { target: 'idle', actions: { type: 'assignActionError', params: errorOf } },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteSearch',
            src: 'deleteSearch',
            input: ({ event }) => ({
              id: (event as Extract<SavedSearchesPageEvent, { type: 'search.delete' }>).id,
            }),
            onDone: { target: 'idle', actions: { type: 'dropSearch', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'assignActionError', params: errorOf } },
          },
        },
      },
    },
  },
});

/** A running saved-searches page. */
export type SavedSearchesPageActorRef = ActorRefFrom<typeof savedSearchesPageMachine>;
