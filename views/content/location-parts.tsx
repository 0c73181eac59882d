import { useSelector } from '@xstate/react';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'wouter';
import { STATE_TIME_ZONES } from '../../domain/au-state.ts';
import { locationPagePath } from '../../domain/content-pages.ts';
import { locationContactPath } from '../../domain/lead-routes.ts';
import type { Location } from '../../domain/location.ts';
import { holidayHoursRows, localClock, openingHoursRows, openStatus } from '../../domain/opening-hours.ts';
import { POSTCODE_MESSAGE } from '../../domain/site-forms.ts';
import type {
  LocationFilter,
  LocationFinderActorRef,
} from '../../machines/location-finder/location-finder.machine.ts';
import { css } from '../../styled-system/css';
import type { PublicSite } from '../../tenants/public-site.ts';
import { accountStyles } from '../ui/account-styles.ts';
import { LocationCarousel } from '../ui/location-card.tsx';

// The dialog's code (Ark Dialog, focus trap, scroll lock) loads on the first click, not with the page.
const HolidayHoursDialog = lazy(() =>
  import('./holiday-hours-dialog.tsx').then((module) => ({ default: module.HolidayHoursDialog })),
);

const card = css({
  p: '4',
  bg: 'surface',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
});
/** What each location type is called. */
export const TYPE_NAMES: Record<string, string> = {
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
  '': 'Sales',
};
const LOCATION_FILTERS: readonly LocationFilter[] = ['all', 'sales', 'service', 'parts'];
/** A location's type for the filter (an untyped location is a sales yard). */
const typeOf = (location: Location): LocationFilter => location.location_type || 'sales';

/** §2 the opening-hours panel's "Holiday Opening Hours": a button that opens them in a dialog. */
function HolidayHours({
  locationName,
  rows,
}: {
  locationName: string;
  rows: readonly { label: string; text: string }[];
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className={css({
          mt: '2',
          fontSize: 'sm',
          fontWeight: 'semibold',
          color: 'accent',
          textDecoration: 'underline',
          cursor: 'pointer',
        })}
      >
        Holiday Opening Hours
      </button>
      {open && (
        <Suspense fallback={null}>
          <HolidayHoursDialog
            locationName={locationName}
            rows={rows}
            onClose={() => setOpen(false)}
            trigger={() => button.current}
          />
        </Suspense>
      )}
    </>
  );
}

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
          <Link href={locationPagePath(location.slug)} className={accountStyles.link}>
            {location.name}
          </Link>
        ) : (
          location.name
        )}
      </h2>
      <p className={accountStyles.text}>
        {TYPE_NAMES[location.location_type]}
        {km !== null && <span data-testid="location-distance"> · {km.toLocaleString('en-AU')} km away</span>}
      </p>
      <p className={accountStyles.text}>
        {address.street}, {address.city} {address.state.toUpperCase()} {address.postcode}
      </p>
      <p className={css({ mt: '2' })}>
        <a href={`tel:${location.phone.replace(/\s+/g, '')}`} className={accountStyles.link}>
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
      <table className={css({ mt: '3', fontSize: 'sm' })} aria-label={`${location.name} opening hours`}>
        <tbody>
          {openingHoursRows(location.opening_hours).map((row) => {
            const today = row.weekdays.includes(status.weekday);
            return (
              <tr
                key={row.label}
                data-today={today || undefined}
                className={css({ fontWeight: today ? 'bold' : 'normal' })}
              >
                <th scope="row" className={css({ textAlign: 'left', pr: '4', fontWeight: 'semibold' })}>
                  {row.label}
                  {today && <span className={css({ srOnly: true })}> (today)</span>}
                </th>
                <td>{row.text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {holidays.length > 0 && <HolidayHours locationName={location.name} rows={holidays} />}
      {(location.dealer_license_number || location.motor_vehicle_repairer) && (
        <p className={css({ mt: '2', fontSize: 'sm', color: 'fgMuted' })}>
          {location.dealer_license_number && <>Dealer licence {location.dealer_license_number}</>}
          {location.dealer_license_number && location.motor_vehicle_repairer && ' · '}
          {location.motor_vehicle_repairer && <>Motor vehicle repairer {location.motor_vehicle_repairer}</>}
        </p>
      )}
      <p className={accountStyles.row}>
        <Link href={locationContactPath(location.slug)} className={accountStyles.primary}>
          Contact {location.name}
        </Link>
        {address.place_url && (
          <a href={address.place_url} className={accountStyles.link} rel="noopener" target="_blank">
            Get Directions
          </a>
        )}
      </p>
    </li>
  );
}

/** "Nearest to me": a postcode, then the cards nearest first (the `locationFinder` child). */
function NearestFinder({ actorRef }: { actorRef: LocationFinderActorRef }) {
  const snapshot = useSelector(actorRef, (s) => s);
  const { error, found } = snapshot.context;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const postcode = String(new FormData(event.currentTarget).get('postcode') ?? '').trim();
    if (/^\d{4}$/.test(postcode)) actorRef.send({ type: 'nearest.find', postcode });
    else actorRef.send({ type: 'nearest.invalid', error: POSTCODE_MESSAGE });
  };
  return (
    <form onSubmit={onSubmit} noValidate className={accountStyles.row} aria-label="Find the nearest location">
      <label className={css({ display: 'grid', gap: '1', fontWeight: 'semibold' })}>
        Nearest to my postcode
        <input
          name="postcode"
          inputMode="numeric"
          maxLength={4}
          autoComplete="postal-code"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'nearest-error' : undefined}
          className={css({
            borderWidth: '1px',
            borderColor: 'border',
            borderRadius: 'control',
            px: '3',
            py: '2',
          })}
        />
      </label>
      <button type="submit" className={accountStyles.primary} disabled={snapshot.hasTag('busy')}>
        Find nearest
      </button>
      {found && (
        <button
          type="button"
          className={accountStyles.secondary}
          onClick={() => actorRef.send({ type: 'nearest.clear' })}
        >
          Clear
        </button>
      )}
      {error && (
        <p id="nearest-error" role="alert" className={accountStyles.fieldError}>
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * §2 locations page: "a carousel of location cards with a swipe hint" above "a locations grid [that]
 * can be filtered by sales, service and parts", every visible location as a card, nearest first once
 * a postcode is given.
 */
export function Locations({
  site,
  nearest,
  now,
}: {
  site: PublicSite;
  nearest: LocationFinderActorRef | undefined;
  now: Date;
}) {
  const found = useSelector(nearest, (snapshot) => snapshot?.context.found ?? null);
  const filter = useSelector(nearest, (snapshot) => snapshot?.context.filter ?? 'all');
  const distance = new Map((found ?? []).map((entry, index) => [entry.slug, { km: entry.km, index }]));
  const visible = site.locations.filter((location) => location.visible);
  const types = LOCATION_FILTERS.filter(
    (type) => type === 'all' || visible.some((location) => typeOf(location) === type),
  );
  const locations = visible
    .filter((location) => filter === 'all' || typeOf(location) === filter)
    .sort((a, b) => (distance.get(a.slug)?.index ?? 0) - (distance.get(b.slug)?.index ?? 0));
  return (
    <>
      <div className={css({ mt: '6' })}>
        <LocationCarousel locations={visible} cardTestId="location-slide" />
      </div>
      {nearest && <NearestFinder actorRef={nearest} />}
      {nearest && types.length > 2 && (
        <fieldset className={css({ mt: '4', display: 'flex', gap: '4', flexWrap: 'wrap' })}>
          <legend className={css({ fontWeight: 'semibold' })}>Show</legend>
          {types.map((type) => (
            <label key={type} className={css({ display: 'flex', gap: '1', alignItems: 'center' })}>
              <input
                type="radio"
                name="location-type"
                value={type}
                checked={filter === type}
                onChange={() => nearest.send({ type: 'locations.filter', filter: type })}
              />
              {type === 'all' ? 'All locations' : TYPE_NAMES[type]}
            </label>
          ))}
        </fieldset>
      )}
      <ul
        className={css({
          display: 'grid',
          gap: '4',
          mt: '6',
          gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        })}
      >
        {locations.map((location) => (
          <LocationDetailCard
            key={location.slug}
            location={location}
            now={now}
            km={distance.get(location.slug)?.km ?? null}
          />
        ))}
      </ul>
    </>
  );
}
