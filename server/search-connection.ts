import { listedStockKeyFilter } from '../domain/search-listing.ts';
import type { SearchConnection } from '../tenants/public-site.ts';
import type { SiteConfig } from '../tenants/tenant.schema.ts';
import type { ServerEnv } from './env.ts';
import { makeBrowserKey } from './search/keys.ts';
import type { Secrets } from './secrets.ts';

/** The embedded endpoint's application id. */
export const EMBEDDED_APP_ID = 'forecourt';

const INDICES = { cars: 'cars', models: 'models', items: 'items' } as const;
const REPLICAS = {
  relevant: 'cars',
  latest: 'cars_latest',
  priceDesc: 'cars_price_desc',
  priceAsc: 'cars_price_asc',
  priceDrop: 'cars_price_drop',
} as const;

/**
 * How long a browser key lives: an hour. Its sold-window cut-off is fixed when it is made, so a car
 * sold just before the window's start stays visible to the key for at most this long past it; the
 * storefront renews an expired key (`services/search/search.service.ts`).
 */
export const BROWSER_KEY_LIFETIME_SECONDS = 60 * 60;

/**
 * How a site's browser reaches search: hosted Algolia when `ALGOLIA_APP_ID` and `ALGOLIA_SEARCH_KEY`
 * are set, otherwise this server's own `/search-api` on the host the page was served from. Either way
 * the key is a secured key restricted to the site's dealerships and to the cars its website lists
 * (issue 14 item 6), valid for `BROWSER_KEY_LIFETIME_SECONDS`.
 */
export function searchConnection(
  site: SiteConfig,
  request: { host: string; protocol: 'http' | 'https' },
  env: ServerEnv,
  secrets: Secrets,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): SearchConnection {
  const restrictions = {
    dealershipIds: site.dealerships.map((d) => d.id),
    filters: listedStockKeyFilter(nowSeconds, site.search.sold_window_days),
    validUntil: nowSeconds + BROWSER_KEY_LIFETIME_SECONDS,
  };
  if (env.ALGOLIA_APP_ID && env.ALGOLIA_SEARCH_KEY) {
    return {
      appId: env.ALGOLIA_APP_ID,
      apiKey: makeBrowserKey(env.ALGOLIA_SEARCH_KEY, restrictions),
      host: null,
      protocol: 'https',
      indices: INDICES,
      replicas: REPLICAS,
    };
  }
  return {
    appId: EMBEDDED_APP_ID,
    apiKey: makeBrowserKey(secrets.searchKey, restrictions),
    host: `${request.host}/search-api`,
    protocol: request.protocol,
    indices: INDICES,
    replicas: REPLICAS,
  };
}
