import { homePage } from '../pages/home-page.tsx';
import type { PageDefinition } from './page-definition.ts';

/** Every machine-driven route, in matching order. Unknown paths render the not-found page. */
export const pages: PageDefinition[] = [homePage];
