import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { signInPath } from '../../domain/return-path.ts';
import { hasWatchlist, WATCHLIST_PATH } from '../../domain/watchlist.ts';
import type { WatchlistPageActorRef } from '../../machines/watchlist/watchlist-page.machine.ts';
import {
  selectIsPageLoading,
  selectPageError,
  selectPageWatchlist,
} from '../../machines/watchlist/watchlist-page.selectors.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { NotFoundPage, notFoundHead } from '../layout/not-found-page.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { FavouritesList } from './favourites-list.tsx';
import { WatchlistCars } from './watchlist-cars.tsx';
import { watchlistPageLogic } from './wiring.ts';

const signInLink = signInPath({ type: 'watchlist', redirect: WATCHLIST_PATH, back: WATCHLIST_PATH });

/** The watchlist page: the shopper's saved cars (sold ones marked), and this device's favourites. */
export function WatchlistPage({ actorRef }: { actorRef: WatchlistPageActorRef }) {
  const site = useSite();
  const isLoading = useSelector(actorRef, selectIsPageLoading);
  const watchlist = useSelector(actorRef, selectPageWatchlist);
  const error = useSelector(actorRef, selectPageError);
  if (!hasWatchlist(site.features)) return <NotFoundPage />;
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading || !watchlist) return <PageSkeleton label="Loading your watchlist" />;
  return (
    <section className={pageStyles.page}>
      <h1 className={pageStyles.heading}>Your watchlist</h1>
      {!watchlist.signed_in && (
        <p className={pageStyles.text}>
          <Link href={signInLink} className={pageStyles.link}>
            Sign in
          </Link>{' '}
          to keep a watchlist of cars you can see on any device.
        </p>
      )}
      {watchlist.signed_in && watchlist.phone_number === null && (
        <p className={pageStyles.text}>
          <Link href={signInLink} className={pageStyles.link}>
            Add a phone number
          </Link>{' '}
          to use your watchlist.
        </p>
      )}
      {watchlist.phone_number !== null && (
        <WatchlistCars cars={watchlist.cars} searchPath={site.search.path} />
      )}
      <h2 className={pageStyles.subheading}>Favourites on this device</h2>
      <FavouritesList />
    </section>
  );
}

/** Route `/watchlist` (spec §2 "a watchlist page: saved cars"; the spec leaves the path unshown). */
export const watchlistPage = definePage({
  logic: watchlistPageLogic,
  head: (snapshot, { site }) =>
    !hasWatchlist(site.features)
      ? notFoundHead(site.name, WATCHLIST_PATH)
      : {
          title: snapshot.matches('failed')
            ? `Something went wrong | ${site.name}`
            : `Your watchlist | ${site.name}`,
          description: `The cars you have saved at ${site.name}.`,
          status: snapshot.matches('failed') ? 500 : 200,
          canonicalPath: WATCHLIST_PATH,
        },
  View: WatchlistPage,
});
