import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { ContentPageRef } from '../../domain/content-pages.ts';
import type { SitePageAnswer } from '../../domain/contracts/pages.ts';
import { locationFinderMachine } from '../location-finder/location-finder.machine.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalOf } from '../shared/refusal.ts';

/** Which content page a route shows. */
export interface ContentPageInput {
  ref: ContentPageRef;
  /**
   * The moment the page is shown (ISO), fixed when the page starts: the server's first render and
   * the browser's hydration read the same clock ("open now", today's hours).
   */
  now: string;
}

export interface ContentPageContext extends ContentPageInput {
  /** The dealer's own page, rendered on the server; null for a page built from the site's settings. */
  page: SitePageAnswer | null;
  error: string | null;
}

/**
 * A page of the dealer's own words (`locations-forms-tradein-site.md` §2 company, content and location
 * pages): `loading` → `ready` | `notFound` (this dealer has no page at that path) | `failed` (retry).
 * A page built from the site's settings (the trade-in terms, the locations) loads nothing; a written
 * one (`tenants/<slug>/pages/*.md`) comes from `GET /api/pages`.
 */
export const contentPageMachine = setup({
  types: {} as {
    context: ContentPageContext;
    input: ContentPageInput;
    events: { type: 'retry' };
    children: { finder: 'locationFinder' };
  },
  actors: {
    loadPage: fromPromise<SitePageAnswer | null, ContentPageRef>(notProvided('loadPage')),
    locationFinder: locationFinderMachine,
  },
  actions: {
    assignPage: assign((_, page: SitePageAnswer | null) => ({ page, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
  guards: {
    notFound: (_, error: unknown) => refusalOf(error).details?.status === 404,
    /** The locations page, whose finder sorts them by distance and filters them by type. */
    isLocations: ({ context }) => context.ref.kind === 'builtIn' && context.ref.id === 'dealerships',
  },
}).createMachine({
  id: 'contentPage',
  context: ({ input }) => ({ ref: input.ref, now: input.now, page: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => context.ref,
        onDone: { target: 'ready', actions: { type: 'assignPage', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'notFound', params: errorOf }, target: 'notFound' },
          { target: 'failed', actions: { type: 'assignError', params: errorOf } },
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      initial: 'shown',
      states: {
        shown: { always: { guard: 'isLocations', target: 'locations' } },
        /** The locations page: its finder (nearest to me, the type filter) is a child (`finder`). */
        locations: { invoke: { id: 'finder', src: 'locationFinder' } },
      },
    },
    notFound: { type: 'final' },
  },
});

/** A running content page. */
export type ContentPageActorRef = ActorRefFrom<typeof contentPageMachine>;
