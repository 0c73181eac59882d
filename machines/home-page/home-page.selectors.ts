import type { SnapshotFrom } from 'xstate';
import type { HomeContent } from '../../domain/contracts/home.ts';
import type { homePageMachine } from './home-page.machine.ts';

type HomePageSnapshot = SnapshotFrom<typeof homePageMachine>;

/** Whether the page is still loading its content. */
export const selectIsLoading = (snapshot: HomePageSnapshot): boolean => snapshot.hasTag('loading');

/** The loaded content, once the page is ready. */
export const selectHome = (snapshot: HomePageSnapshot): HomeContent | null => snapshot.context.data;

/** The failure message, when loading failed. */
export const selectError = (snapshot: HomePageSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
