import { Link } from 'wouter';
import { locationPagePath } from '../../domain/content-pages.ts';
import type { HomeLocation } from '../../domain/contracts/home.ts';
import { css } from '../../styled-system/css';

const TYPE_LABELS: Record<HomeLocation['location_type'], string> = {
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
  '': 'Dealership',
};

/** One dealership location: name (its page), type, address and a tap-to-call phone number. */
export function LocationCard({ location }: { location: HomeLocation }) {
  return (
    <article
      className={css({
        bg: 'surface',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'control',
        p: '4',
      })}
      data-testid="location-card"
    >
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
