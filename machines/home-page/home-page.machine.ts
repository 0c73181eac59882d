import type { ActorRefFrom } from 'xstate';
import type { HomeContent } from '../../domain/contracts/home.ts';
import type { HomeStock, HomeStockRequest } from '../../domain/home-stock.ts';
import { createPageLoader, type PageLoaderContext } from '../shared/page-loader.ts';

/** What the home page reads with: the site's stock searches. */
export interface HomePageInput {
  stock: HomeStockRequest;
  /** Unix seconds, fixed for the page's life: the cards' tags ('New' for 8 days) are counted from it. */
  nowSeconds: number;
}

/**
 * The home page's data: the dealer's content, and its stock — `null` when the search could not be
 * reached, so the page still shows the dealer (the stock sections are left out, not the page).
 */
export interface HomePageData {
  content: HomeContent;
  stock: HomeStock | null;
}

/** The home page's context: its input, its data once loaded, and the last failure's message. */
export type HomePageContext = PageLoaderContext<HomePageInput, HomePageData>;

/**
 * The home page: loads the dealer's content (`GET /api/home`) and its stock (two limited hit lists)
 * with `load`; `loading → ready | failed`, and `failed` accepts `retry`. Only the content failing
 * fails the page.
 */
export const homePageMachine = createPageLoader<HomePageInput, HomePageData>({ id: 'homePage' });

/** A running home page actor. */
export type HomePageActorRef = ActorRefFrom<typeof homePageMachine>;
