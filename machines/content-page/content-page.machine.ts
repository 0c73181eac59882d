import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { ContentPageRef } from '../../domain/content-pages.ts';
import type { SitePageAnswer } from '../../domain/contracts/pages.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { loadingRegion } from '../shared/page-loader.ts';
import { refusalOf } from '../shared/refusal.ts';

/** Which content page a route shows. */
export interface ContentPageInput {
  ref: ContentPageRef;
}

export interface ContentPageContext {
  /** Which page the route shows (the loading actor's input: `loadingRegion` reads `context.input`). */
  input: ContentPageRef;
  /** The dealer's own page or one the server writes from the store; null for one built from the settings. */
  data: SitePageAnswer | null;
  error: string | null;
}

const region = loadingRegion<'loadPage', SitePageAnswer | null>('loadPage');

/**
 * A page of the dealer's own words (`locations-forms-tradein-site.md` §2 company, content and location
 * pages): `loading` → `ready` | `notFound` (this dealer has no page at that path) | `failed` (retry).
 * A page built from the site's settings (the trade-in terms) loads nothing; a written one
 * (`tenants/<slug>/pages/*.md`, as Markdown tokens) and one the server writes from the store (offers,
 * the model range, reviews) come from `GET /api/pages`. The locations are their own flow
 * (`machines/location-finder`).
 */
export const contentPageMachine = setup({
  types: {} as {
    context: ContentPageContext;
    input: ContentPageInput;
    events: { type: 'retry' };
  },
  actors: {
    loadPage: fromPromise<SitePageAnswer | null, ContentPageRef>(notProvided('loadPage')),
  },
  actions: {
    assignData: assign((_, data: SitePageAnswer | null) => ({ data, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
  guards: {
    notFound: (_, error: unknown) => refusalOf(error).details?.status === 404,
  },
}).createMachine({
  id: 'contentPage',
  context: ({ input }) => ({ input: input.ref, data: null, error: null }),
  initial: 'loading',
  states: {
    // The shared loading region (`machines/shared/page-loader.ts`), with a missing page first.
    ...region,
    loading: {
      ...region.loading,
      invoke: {
        ...region.loading.invoke,
        input: ({ context }) => context.input,
        onError: [
          { guard: { type: 'notFound', params: errorOf }, target: 'notFound' },
          region.loading.invoke.onError,
        ],
      },
    },
    ready: {},
    notFound: { type: 'final' },
  },
});

/** A running content page. */
export type ContentPageActorRef = ActorRefFrom<typeof contentPageMachine>;
