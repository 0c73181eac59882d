import { useSelector } from '@xstate/react';
import { homeStockRequest } from '../../domain/home-stock.ts';
import type { HomePageActorRef } from '../../machines/home-page/home-page.machine.ts';
import {
  selectError,
  selectHome,
  selectIsLoading,
  selectStock,
} from '../../machines/home-page/home-page.selectors.ts';
import { css } from '../../styled-system/css';
import type { PublicSite } from '../../tenants/public-site.ts';
import { currentMinute, definePage } from '../app/page-definition.ts';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { HomeContentView } from './home-content.tsx';
import { homePageLogic, queryKeys } from './wiring.ts';

/** The dealer's home page, rendered from the home page machine's snapshot. */
export function HomePage({ actorRef }: { actorRef: HomePageActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const home = useSelector(actorRef, selectHome);
  const stock = useSelector(actorRef, selectStock);
  const nowSeconds = useSelector(actorRef, (snapshot) => snapshot.context.input.nowSeconds);
  const error = useSelector(actorRef, selectError);
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading || !home) return <PageSkeleton label="Loading the home page" />;
  return (
    <div className={css({ pb: '8' })}>
      <HomeContentView home={home} stock={stock} nowSeconds={nowSeconds} />
    </div>
  );
}

/** The home page's input: its stock searches, from the site's search connection and switches. */
function homeInput(site: PublicSite) {
  const { appId, apiKey, host, protocol, indices, replicas } = site.search_connection;
  const nowSeconds = currentMinute();
  return {
    nowSeconds,
    stock: homeStockRequest({
      endpoint: { appId, apiKey, host, protocol },
      index: indices.cars,
      latestIndex: replicas.latest,
      featured: { carTypes: site.search.featured.car_types, limit: site.search.featured.limit },
      listing: {
        nowSeconds,
        soldWindowDays: site.search.sold_window_days,
        inStockOnly: site.features.searchPresetInStock,
        newAndDemoOnly: site.features.searchPresetNewAndDemo,
      },
    }),
  };
}

/** Route `/`. */
export const homePage = definePage({
  logic: homePageLogic,
  input: ({ site }) => homeInput(site),
  head: (snapshot, { site }) => ({
    title: snapshot.matches('failed')
      ? `Something went wrong | ${site.name}`
      : `${site.name} | ${site.tagline}`,
    description: site.description,
    status: snapshot.matches('failed') ? 500 : 200,
    canonicalPath: '/',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'AutoDealer',
        name: site.name,
        telephone: site.phone,
        email: site.email,
        address: {
          '@type': 'PostalAddress',
          streetAddress: site.address.street,
          addressLocality: site.address.city,
          addressRegion: site.address.state.toUpperCase(),
          postalCode: site.address.postcode,
          addressCountry: 'AU',
        },
      },
    ],
  }),
  prime: (queries, snapshot) => {
    const { data, input } = snapshot.context;
    if (!data) return;
    queries.prime(queryKeys.home, data.content);
    if (data.stock) queries.prime(queryKeys.stock(input.stock), data.stock);
  },
  View: HomePage,
});
