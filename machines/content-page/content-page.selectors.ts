import type { SnapshotFrom } from 'xstate';
import type { ContentPageRef } from '../../domain/content-pages.ts';
import type { SitePageAnswer } from '../../domain/contracts/pages.ts';
import type { contentPageMachine } from './content-page.machine.ts';

type ContentPageSnapshot = SnapshotFrom<typeof contentPageMachine>;

/** Whether the page is still loading. */
export const selectIsLoading = (snapshot: ContentPageSnapshot): boolean => snapshot.hasTag('loading');

/** Whether this dealer has no page at the path. */
export const selectIsNotFound = (snapshot: ContentPageSnapshot): boolean => snapshot.matches('notFound');

/** The failure message once loading failed (the page offers a retry), or null. */
export const selectError = (snapshot: ContentPageSnapshot): string | null =>
  snapshot.matches('failed') ? (snapshot.context.error ?? 'Something went wrong') : null;

/** Which page the route shows: one built from the site's settings, or one from the server. */
export const selectRef = (snapshot: ContentPageSnapshot): ContentPageRef => snapshot.context.input;

/** The page from the server (the dealer's Markdown, or a page written from the store), once loaded. */
export const selectPage = (snapshot: ContentPageSnapshot): SitePageAnswer | null => snapshot.context.data;
