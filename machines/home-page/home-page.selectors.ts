import type { SnapshotFrom } from 'xstate';
import type { HomeContent } from '../../domain/contracts/home.ts';
import type { HomeStock } from '../../domain/home-stock.ts';
import type { homePageMachine } from './home-page.machine.ts';

type HomePageSnapshot = SnapshotFrom<typeof homePageMachine>;

/** Whether the page is still loading its content. */
export const selectIsLoading = (snapshot: HomePageSnapshot): boolean => snapshot.hasTag('loading');

/** The dealer's content, once the page is ready. */
export const selectHome = (snapshot: HomePageSnapshot): HomeContent | null =>
  snapshot.context.data?.content ?? null;

/** The stock (featured cars, makes), once the page is ready and its search answered. */
export const selectStock = (snapshot: HomePageSnapshot): HomeStock | null =>
  snapshot.context.data?.stock ?? null;

/** The failure message, when loading failed. */
export const selectError = (snapshot: HomePageSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
