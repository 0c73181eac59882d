import { type ActorRefFrom, assign, emit, enqueueActions, fromPromise, raise, setup } from 'xstate';
import type { DirectoryQuery } from '../../domain/contracts/directory-answers.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { type DirectoryModelHit, directorySuggestions } from './directory-suggestions.ts';

/** Spec doc 1 §5 "Search and buttons", §9: the search input is debounced by 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What the search box starts from. */
export interface DirectorySearchInput {
  /** The query the listing shows now (from the URL). */
  query?: string;
  /** Whether to suggest makes and models from the `models` index (default true). */
  suggestions?: boolean;
}

/**
 * The search box's context: the text typed, the query last committed, the suggestions, and the
 * active suggestion's id (`null`: none; only while the list shows).
 */
export interface DirectorySearchContext {
  text: string;
  committed: string;
  suggest: boolean;
  hits: DirectoryModelHit[];
  activeId: string | null;
  error: string | null;
}

/**
 * Events the search box accepts. The typing events carry `query`, the listing's query now (the
 * box's owner's prop, issue 32 item 5): one other than the last committed changed elsewhere (back,
 * forward, a link), so the box first takes it as its text and committed query, as if nothing had
 * been typed since, and then handles the event.
 */
export type DirectorySearchEvent =
  | { type: 'input.change'; text: string; query: string }
  /** Enter: opens the active suggestion, or with none active commits the text at once. */
  | { type: 'input.submit'; query: string }
  | { type: 'input.clear'; query: string }
  /** A click on a suggestion: opens it. */
  | { type: 'suggestion.choose'; id: string }
  /** Arrow down: the next suggestion becomes active (from none, the first; after the last, the first). */
  | { type: 'suggestion.next' }
  /** Arrow up: the previous suggestion becomes active (from none, the last; before the first, the last). */
  | { type: 'suggestion.previous' }
  /** Escape, or focus leaving the box: closes the list. */
  | { type: 'suggestions.dismiss' }
  /** Asks for suggestions again after a failure. */
  | { type: 'retry' };

/** What the search box asks of the view layer. */
export type DirectorySearchEmitted =
  /**
   * Write the query (`''`: none) and clear the page (doc 1 §2 "Directory search box"). `over` is the
   * query it replaces as the box knew it: the view drops a commit over a query that has changed
   * elsewhere since (a debounce ending after back or a link), as that change ends the typing.
   */
  | { type: 'query.commit'; query: string; over: string }
  /** Go to the chosen make's or model's listing. */
  | { type: 'suggestion.navigate'; path: string };

/**
 * The directory search box: typing waits 300 ms (`debouncing`, an `after` delay) and then commits
 * the query if it changed; Enter commits at once. With suggestions on, a committed non-empty text
 * also asks the `models` index (`suggesting` → `showing`, or `idle` when there are none | `failed`,
 * which accepts `retry`). While they show, arrow keys move the active suggestion and Enter or a click
 * opens one: the machine emits the path of its listing and forgets the suggestions. The parent writes
 * the query and navigates.
 */
const directorySearchSetup = setup({
  types: {} as {
    context: DirectorySearchContext;
    events: DirectorySearchEvent;
    input: DirectorySearchInput;
    emitted: DirectorySearchEmitted;
  },
  actors: {
    searchDirectory: fromPromise<DirectoryModelHit[], DirectoryQuery>(notProvided('searchDirectory')),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    isNewQuery: ({ context }) => context.text.trim() !== context.committed,
    canSuggest: ({ context }) => context.suggest && context.text.trim() !== '',
    hasCommittedQuery: ({ context }) => context.committed !== '',
    isOutsideQuery: ({ context }, query: string) => query !== context.committed,
    isKnownSuggestion: ({ context }, id: string) =>
      directorySuggestions(context.hits).some((suggestion) => suggestion.id === id),
    hasActiveSuggestion: ({ context }) => context.activeId !== null,
    hasHits: (_, hits: DirectoryModelHit[]) => hits.length > 0,
  },
  actions: {
    assignText: assign((_, text: string) => ({ text })),
    commit: enqueueActions(({ context, enqueue }) => {
      const query = context.text.trim();
      enqueue.assign({ committed: query });
      enqueue.emit({ type: 'query.commit' as const, query, over: context.committed });
    }),
    commitEmpty: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ text: '', hits: [], committed: '' });
      enqueue.emit({ type: 'query.commit' as const, query: '', over: context.committed });
    }),
    replay: raise((_, event: DirectorySearchEvent) => event),
    syncQuery: assign((_, query: string) => ({ text: query, committed: query })),
    clearText: assign({ text: '', hits: [] }),
    clearHits: assign({ hits: [] }),
    assignHits: assign((_, hits: DirectoryModelHit[]) => ({ hits, activeId: null, error: null })),
    activateNext: assign(({ context }) => ({ activeId: stepActive(context, 1) })),
    activatePrevious: assign(({ context }) => ({ activeId: stepActive(context, -1) })),
    clearActive: assign({ activeId: null }),
    chooseActive: raise(({ context }) => ({
      type: 'suggestion.choose' as const,
      id: context.activeId ?? '',
    })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    emitNavigate: emit(({ context }, id: string) => ({
      type: 'suggestion.navigate' as const,
      path: directorySuggestions(context.hits).find((suggestion) => suggestion.id === id)?.path ?? '',
    })),
  },
});

/**
 * A typing event under a listing query that changed elsewhere: the box takes that query as its text
 * and committed query, drops what it was doing (the debounce, the suggestions), and handles the
 * event again from there.
 */
const outsideQuery = {
  guard: { type: 'isOutsideQuery', params: ({ event }: { event: { query: string } }) => event.query },
  target: '#directorySearch.idle',
  actions: [
    { type: 'syncQuery', params: ({ event }: { event: { query: string } }) => event.query },
    { type: 'replay', params: ({ event }: { event: DirectorySearchEvent }) => event },
  ],
} as const;

export const directorySearchMachine = directorySearchSetup.createMachine({
  id: 'directorySearch',
  context: ({ input }) => ({
    text: input.query ?? '',
    committed: input.query ?? '',
    suggest: input.suggestions ?? true,
    hits: [],
    activeId: null,
    error: null,
  }),
  initial: 'idle',
  on: {
    'input.change': [
      outsideQuery,
      {
        target: '.debouncing',
        reenter: true,
        actions: { type: 'assignText', params: ({ event }) => event.text },
      },
    ],
    'input.submit': [
      outsideQuery,
      { guard: 'isNewQuery', target: '.idle', actions: 'commit' },
      { target: '.idle' },
    ],
    'input.clear': [
      outsideQuery,
      { guard: 'hasCommittedQuery', target: '.idle', actions: 'commitEmpty' },
      { target: '.idle', actions: 'clearText' },
    ],
  },
  states: {
    idle: {},
    debouncing: {
      tags: ['busy'],
      after: {
        debounce: [{ guard: 'isNewQuery', target: 'checking', actions: 'commit' }, { target: 'checking' }],
      },
    },
    checking: {
      always: [
        { guard: 'canSuggest', target: 'suggesting' },
        { target: 'idle', actions: 'clearHits' },
      ],
    },
    suggesting: {
      tags: ['busy'],
      invoke: {
        id: 'searchDirectory',
        src: 'searchDirectory',
        input: ({ context }) => ({ query: context.text.trim() }),
        onDone: [
          {
            guard: { type: 'hasHits', params: ({ event }) => event.output },
            target: 'showing',
            actions: { type: 'assignHits', params: ({ event }) => event.output },
          },
          { target: 'idle', actions: { type: 'assignHits', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: errorOf },
        },
      },
    },
    showing: {
      tags: ['open'],
      exit: 'clearActive',
      on: {
        'suggestion.choose': {
          guard: { type: 'isKnownSuggestion', params: ({ event }) => event.id },
          target: 'idle',
          actions: [{ type: 'emitNavigate', params: ({ event }) => event.id }, 'clearHits'],
        },
        'input.submit': [outsideQuery, { guard: 'hasActiveSuggestion', actions: 'chooseActive' }],
        'suggestion.next': { actions: 'activateNext' },
        'suggestion.previous': { actions: 'activatePrevious' },
        'suggestions.dismiss': 'idle',
      },
    },
    failed: {
      on: { retry: 'suggesting' },
    },
  },
});

/** The suggestion `step` places (1 or -1) from the active one, wrapping; from none, the first or last. */
function stepActive(context: DirectorySearchContext, step: 1 | -1): string | null {
  const ids = directorySuggestions(context.hits).map((suggestion) => suggestion.id);
  if (ids.length === 0) return null;
  const at = context.activeId === null ? -1 : ids.indexOf(context.activeId);
  const next = at === -1 ? (step === 1 ? 0 : ids.length - 1) : (at + step + ids.length) % ids.length;
  return ids[next] ?? null;
}

/** A running directory search box. */
export type DirectorySearchActorRef = ActorRefFrom<typeof directorySearchMachine>;
