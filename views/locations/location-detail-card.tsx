import { Link } from 'wouter';
import { STATE_TIME_ZONES } from '../../domain/au-state.ts';
import { locationPagePath } from '../../domain/content-pages.ts';
import { locationContactPath } from '../../domain/lead-routes.ts';
import type { Location } from '../../domain/location.ts';
import { holidayHoursRows, localClock, openStatus } from '../../domain/opening-hours.ts';
import { css } from '../../styled-system/css';
import { pageStyles } from '../ui/page-styles.ts';
import { HolidayHours } from './holiday-hours.tsx';
import { TYPE_NAMES } from './location-types.ts';
import { OpeningHoursTable } from './opening-hours-table.tsx';

const card = css({
  p: '4',
  bg: 'surface',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
});

/** §2 location detail card: name, address, phone, opening and holiday hours, licence, contact, directions. */
export function LocationDetailCard({
  location,
  now,
  km,
  linkName = true,
}: {
  location: Location;
  now: Date;
  km: number | null;
  /** The name links the location's own page (not on that page). */
  linkName?: boolean;
}) {
  const timeZone = STATE_TIME_ZONES[location.address.state];
  const status = openStatus(location, now, timeZone);
  const holidays = holidayHoursRows(location.special_hours, localClock(now, timeZone).date);
  const { address } = location;
  return (
    <li className={card} data-testid="location-card">
      <h2 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
        {linkName ? (
          <Link href={locationPagePath(location.slug)} className={pageStyles.link}>
            {location.name}
          </Link>
        ) : (
          location.name
        )}
      </h2>
      <p className={pageStyles.text}>
        {TYPE_NAMES[location.location_type]}
        {km !== null && <span data-testid="location-distance"> · {km.toLocaleString('en-AU')} km away</span>}
      </p>
      <p className={pageStyles.text}>
        {address.street}, {address.city} {address.state.toUpperCase()} {address.postcode}
      </p>
      <p className={css({ mt: '2' })}>
        <a href={`tel:${location.phone.replace(/\s+/g, '')}`} className={pageStyles.link}>
          {location.phone}
        </a>
      </p>
      <p
        data-testid="open-status"
        data-open={status.open}
        className={css({ mt: '2', fontWeight: 'semibold', color: status.open ? 'accent' : 'fgMuted' })}
      >
        {status.text}
      </p>
      <OpeningHoursTable location={location} weekday={status.weekday} />
      {holidays.length > 0 && <HolidayHours locationName={location.name} rows={holidays} />}
      {(location.dealer_license_number || location.motor_vehicle_repairer) && (
        <p className={css({ mt: '2', fontSize: 'sm', color: 'fgMuted' })}>
          {location.dealer_license_number && <>Dealer licence {location.dealer_license_number}</>}
          {location.dealer_license_number && location.motor_vehicle_repairer && ' · '}
          {location.motor_vehicle_repairer && <>Motor vehicle repairer {location.motor_vehicle_repairer}</>}
        </p>
      )}
      <p className={pageStyles.row}>
        <Link href={locationContactPath(location.slug)} className={pageStyles.primary}>
          Contact {location.name}
        </Link>
        {address.place_url && (
          <a href={address.place_url} className={pageStyles.link} rel="noopener" target="_blank">
            Get Directions
          </a>
        )}
      </p>
    </li>
  );
}
