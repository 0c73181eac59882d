import { type ActorRefFrom, setup } from 'xstate';
import type { ContentPageId } from '../../domain/content-pages.ts';

/** Which content page a route shows. */
export interface ContentPageInput {
  page: ContentPageId;
}

/**
 * A page of the dealer's own words (`locations-forms-tradein-site.md` §2 "content pages", "trade-in
 * terms"): its text is built from the site's settings (`domain/content-pages.ts`), so there is nothing
 * to load and nothing to fail — the page is `ready` from the start and renders the same on the server
 * and in the browser.
 */
export const contentPageMachine = setup({
  types: {} as { context: ContentPageInput; input: ContentPageInput },
}).createMachine({
  id: 'contentPage',
  context: ({ input }) => ({ page: input.page }),
  initial: 'ready',
  states: { ready: {} },
});

/** A running content page. */
export type ContentPageActorRef = ActorRefFrom<typeof contentPageMachine>;
