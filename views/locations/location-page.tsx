import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { DEALERSHIPS_PATH } from '../../domain/content-pages.ts';
import type { Location } from '../../domain/location.ts';
import type { LocationFinderActorRef } from '../../machines/location-finder/location-finder.machine.ts';
import { selectNow } from '../../machines/location-finder/location-finder.selectors.ts';
import { css } from '../../styled-system/css';
import { pageStyles } from '../ui/page-styles.ts';
import { LocationDetailCard } from './location-detail-card.tsx';
import { TYPE_NAMES } from './location-types.ts';

/** §2 "/locations/{slug}": one location's card on a page of its own, and the way back to all of them. */
export function LocationPage({
  location,
  actorRef,
}: {
  location: Location;
  actorRef: LocationFinderActorRef;
}) {
  const now = new Date(useSelector(actorRef, selectNow));
  return (
    <article className={pageStyles.page} data-testid="content-page">
      <h1 className={pageStyles.heading}>{location.name}</h1>
      <p className={pageStyles.text}>
        {TYPE_NAMES[location.location_type]} · {location.address.city} {location.address.state.toUpperCase()}
      </p>
      <ul className={css({ mt: '6', maxW: 'xl' })}>
        <LocationDetailCard location={location} now={now} km={null} linkName={false} />
      </ul>
      <p className={pageStyles.row}>
        <Link href={DEALERSHIPS_PATH} className={pageStyles.link}>
          All our locations
        </Link>
      </p>
    </article>
  );
}
