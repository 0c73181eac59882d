import { useSelector } from '@xstate/react';
import type { LocationFinderActorRef } from '../../machines/location-finder/location-finder.machine.ts';
import {
  selectFilter,
  selectFound,
  selectNow,
} from '../../machines/location-finder/location-finder.selectors.ts';
import { css } from '../../styled-system/css';
import type { PublicSite } from '../../tenants/public-site.ts';
import { LocationCarousel } from '../ui/location-card.tsx';
import { LocationDetailCard } from './location-detail-card.tsx';
import { LocationTypeFilter } from './location-type-filter.tsx';
import { filtersOf, gridOf } from './location-types.ts';
import { NearestFinder } from './nearest-finder.tsx';

const grid = css({
  display: 'grid',
  gap: '4',
  mt: '6',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
});

/**
 * §2 locations page: "a carousel of location cards with a swipe hint" above "a locations grid [that]
 * can be filtered by sales, service and parts", every visible location as a card, nearest first once
 * a postcode is given.
 */
export function LocationsGrid({ site, actorRef }: { site: PublicSite; actorRef: LocationFinderActorRef }) {
  const filter = useSelector(actorRef, selectFilter);
  const found = useSelector(actorRef, selectFound);
  const now = new Date(useSelector(actorRef, selectNow));
  const visible = site.locations.filter((location) => location.visible);
  const types = filtersOf(visible);
  return (
    <>
      <div className={css({ mt: '6' })}>
        {/* Right under the page's h1, as the grid's cards below are. */}
        <LocationCarousel locations={visible} cardTestId="location-slide" headingLevel={2} />
      </div>
      <NearestFinder actorRef={actorRef} />
      {types.length > 2 && <LocationTypeFilter actorRef={actorRef} types={types} />}
      <ul className={grid}>
        {gridOf(visible, filter, found).map(({ location, km }) => (
          <LocationDetailCard key={location.slug} location={location} now={now} km={km} />
        ))}
      </ul>
    </>
  );
}
