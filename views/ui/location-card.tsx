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

/** Where a location card sits in its page's outline: under the page's h1, or under a section's h2. */
export type LocationHeadingLevel = 2 | 3;

/** One dealership location: name (its page), type, address and a tap-to-call phone number. */
export function LocationCard({
  location,
  testId = 'location-card',
  headingLevel = 3,
}: {
  location: HomeLocation;
  /** The card's test id (the locations page tells its carousel's cards from its grid's). */
  testId?: string;
  headingLevel?: LocationHeadingLevel;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={panel.root} data-testid={testId}>
      <p className={css({ fontSize: 'xs', textTransform: 'uppercase', fontWeight: 'bold', color: 'accent' })}>
        {TYPE_LABELS[location.location_type]}
      </p>
      <Heading className={css({ fontSize: 'lg', fontWeight: 'bold', mt: '1' })}>
        <Link
          href={locationPagePath(location.slug)}
          className={css({ color: 'fg', textDecoration: 'underline' })}
        >
          {location.name}
        </Link>
      </Heading>
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
  headingLevel,
}: {
  locations: readonly HomeLocation[];
  cardTestId?: string;
  /** The cards' heading level: 3 under the home page's section (the default), 2 right under an h1. */
  headingLevel?: LocationHeadingLevel;
}) {
  return (
    <Carousel label="Our locations" itemName="location" hintText="Swipe to see more locations">
      {locations.map((location) => (
        <LocationCard
          key={location.slug}
          location={location}
          {...(cardTestId ? { testId: cardTestId } : {})}
          {...(headingLevel ? { headingLevel } : {})}
        />
      ))}
    </Carousel>
  );
}
