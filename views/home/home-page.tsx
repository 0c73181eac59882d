import { useSelector } from '@xstate/react';
import type { HomePageActorRef } from '../../machines/home-page/home-page.machine.ts';
import { selectError, selectHome, selectIsLoading } from '../../machines/home-page/home-page.selectors.ts';
import { css } from '../../styled-system/css';
import { definePage } from '../app/page-definition.ts';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { HomeContentView } from './home-content.tsx';
import { homePageLogic, queryKeys } from './wiring.ts';

/** The dealer's home page, rendered from the home page machine's snapshot. */
export function HomePage({ actorRef }: { actorRef: HomePageActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const home = useSelector(actorRef, selectHome);
  const error = useSelector(actorRef, selectError);
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading || !home) return <PageSkeleton label="Loading the home page" />;
  return (
    <div className={css({ pb: '8' })}>
      <HomeContentView home={home} />
    </div>
  );
}

/** Route `/`. */
export const homePage = definePage({
  logic: homePageLogic,
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
  prime: (queryClient, snapshot) => {
    if (snapshot.context.data) queryClient.setQueryData(queryKeys.home, snapshot.context.data);
  },
  View: HomePage,
});
