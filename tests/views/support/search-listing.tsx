import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import type {
  CarHit,
  CarSearchCall,
  CarSearchRequest,
  CarSearchResult,
} from '../../../domain/search-result.ts';
import { type SearchInput, searchMachine } from '../../../machines/search/search.machine.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { toPublicSite } from '../../../tenants/public-site.ts';
import { QueryCacheProvider } from '../../../views/app/query-cache.tsx';
import { SiteProvider } from '../../../views/app/site-context.tsx';
import { SearchPage, searchPage } from '../../../views/search/search-page.tsx';
import { searchHistoryLogic } from '../../../views/search/wiring.ts';
import { testConnection as connection } from '../../fixtures/public-site.ts';
import { testQueries } from './query-cache.ts';
import { WithSavedCars } from './saved-cars.tsx';

const sites = loadTenants();

/** A used Toyota RAV4 search hit, numbered `n`, of the `body` given. */
export const carHit = (n: number, body: string, overrides: Partial<CarHit> = {}): CarHit => ({
  objectID: String(n),
  id: n,
  slug: `car-${n}`,
  name: `Car ${n}`,
  year: 2022,
  make: 'Toyota',
  model: 'RAV4',
  badge: 'GX',
  series: null,
  car_type: 'used',
  status: 'in_stock',
  tag: null,
  km: 10_000 + n,
  body,
  fuel: 'Petrol',
  transmission: 'Automatic',
  price: 30_000 + n,
  before_price: null,
  offer_price: null,
  subscription_price: null,
  preorder: false,
  price_type: null,
  city: 'Highett',
  state: 'VIC',
  location_name: null,
  dealership_slug: 'metro-used-cars',
  created_at: 1_600_000_000,
  primary_image_url: null,
  primary_image_thumbhash: null,
  vehicle_kind: 'cars',
  reserved: false,
  certified: false,
  sold: false,
  image_count: 1,
  finance_lenders: {},
  ...overrides,
});

/**
 * The search page of a demo dealer (`slug`) at `url`, rendered through its providers with a fake
 * search that answers each request with `answer`; the requests it received are kept in order.
 */
export function renderSearchListing(
  answer: (request: CarSearchRequest) => CarSearchResult,
  url = '/search',
  slug = 'metro-used',
) {
  const config = sites.find((s) => s.slug === slug);
  if (!config) throw new Error(slug);
  const site = toPublicSite(config, connection, { Toyota: '/media/makes/toyota.svg' });
  const [path = '/search', search = ''] = url.split('?');
  const requests: CarSearchRequest[] = [];
  const runSearch = fromPromise<CarSearchResult, CarSearchCall>(async ({ input }) => {
    requests.push(input.request);
    return answer(input.request);
  });
  const input = searchPage.input?.({ site, path, search }) as SearchInput;
  const actor = createActor(
    searchMachine.provide({ actors: { runSearch, searchHistory: searchHistoryLogic() } }),
    { input },
  ).start();
  const memory = memoryLocation({ path: url, record: true });
  render(
    <QueryCacheProvider cache={testQueries()}>
      <SiteProvider site={site}>
        <Router hook={memory.hook} searchHook={memory.searchHook}>
          <WithSavedCars>
            <SearchPage actorRef={actor} />
          </WithSavedCars>
        </Router>
      </SiteProvider>
    </QueryCacheProvider>,
  );
  return { actor, memory, requests };
}
