import type { CatalogEntry } from './catalog.types.ts';
import { homePageCatalogEntry } from './home-page/home-page.catalog.ts';

export type { CatalogEntry } from './catalog.types.ts';

/**
 * Every machine, with the payloads and bounds its generated path tests need. Each entry lives beside
 * its machine as `machines/<flow>/<flow>.catalog.ts`; add new ones here (guide: model-based testing).
 */
export const catalog: CatalogEntry[] = [homePageCatalogEntry];
