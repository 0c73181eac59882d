import type { Location } from './location.ts';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * A location as schema.org `AutoDealer` (issue 18 item 8): address, telephone, position, and its
 * opening hours as `openingHoursSpecification` — each open weekday, and each holiday entry for its
 * date (closed as 00:00–00:00, schema.org's way of saying closed that day).
 */
export function autoDealerJsonLd(location: Location, site: { name: string }): object {
  const { address } = location;
  const weekly = location.opening_hours
    .filter((hour) => hour.status === 'Open' && hour.open && hour.close)
    .map((hour) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${DAYS[hour.weekday]}`,
      opens: hour.open,
      closes: hour.close,
    }));
  const holidays = location.special_hours.map((entry) => ({
    '@type': 'OpeningHoursSpecification',
    validFrom: entry.date,
    validThrough: entry.date,
    opens: entry.status === 'Open' ? entry.start_hour : '00:00',
    closes: entry.status === 'Open' ? entry.end_hour : '00:00',
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    name: location.name,
    parentOrganization: { '@type': 'Organization', name: site.name },
    telephone: location.phone,
    ...(location.email ? { email: location.email } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.state.toUpperCase(),
      postalCode: address.postcode,
      addressCountry: 'AU',
    },
    geo: { '@type': 'GeoCoordinates', latitude: address.lat, longitude: address.long },
    openingHoursSpecification: [...weekly, ...holidays],
  };
}
