import { Link } from 'wouter';
import { locationPagePath } from '../../domain/content-pages.ts';
import type { HomeLocation } from '../../domain/contracts/home.ts';
import { css } from '../../styled-system/css';
import { card } from '../../styled-system/recipes';

const panel = card();

import { Carousel } from './carousel.tsx';

const TYPE_LABELS: Record<HomeLocation['location_type'], string> = {
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
  '': 'Dealership',
};

/** One dealership location: name (its page), type, address and a tap-to-call phone number. */
export function LocationCard({
  location,
  testId = 'location-card',
}: {
  location: HomeLocation;
  /** The card's test id (the locations page tells its carousel's cards from its grid's). */
  testId?: string;
}) {
  return (
    <article className={panel.root} data-testid={testId}>
      <p className={css({ fontSize: 'xs', textTransform: 'uppercase', fontWeight: 'bold', color: 'accent' })}>
        {TYPE_LABELS[location.location_type]}
      </p>
      <h3 className={css({ fontSize: 'lg', fontWeight: 'bold', mt: '1' })}>
        <Link
          href={locationPagePath(location.slug)}
          className={css({ color: 'fg', textDecoration: 'underline' })}
        >
          {location.name}
        </Link>
      </h3>
      <address className={css({ fontStyle: 'normal', color: 'fgMuted', mt: '2' })}>
        {location.address.street}, {location.address.city} {location.address.state.toUpperCase()}{' '}
        {location.address.postcode}
      </address>
      <a
        className={css({ display: 'inline-block', mt: '2', fontWeight: 'semibold', color: 'fg' })}
        href={`tel:${location.phone.replace(/\s+/g, '')}`}
      >
        {location.phone}
      </a>
    </article>
  );
}

/**
 * `locations-forms-tradein-site.md` §2 "a carousel of location cards with a swipe hint … previous and
 * next arrows are disabled at the ends": the home page's and the locations page's, alike.
 */
export function LocationCarousel({
  locations,
  cardTestId,
}: {
  locations: readonly HomeLocation[];
  cardTestId?: string;
}) {
  return (
    <Carousel label="Our locations" itemName="location" hintText="Swipe to see more locations">
      {locations.map((location) => (
        <LocationCard
          key={location.slug}
          location={location}
          {...(cardTestId ? { testId: cardTestId } : {})}
        />
      ))}
    </Carousel>
  );
}
