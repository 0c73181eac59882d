import { gatedPages } from '../account/gated-page.tsx';
import { homePage } from '../pages/home-page.tsx';
import { searchPage } from '../pages/search-page.tsx';
import { signInPage } from '../pages/sign-in-page.tsx';
import { vehiclePage } from '../pages/vehicle-page.tsx';
import { watchlistPage } from '../pages/watchlist-page.tsx';
import type { PageDefinition } from './page-definition.ts';

/** Every machine-driven route, in matching order. Unknown paths render the not-found page. */
export const pages: PageDefinition[] = [
  homePage,
  searchPage,
  vehiclePage,
  signInPage,
  watchlistPage,
  ...gatedPages,
];
