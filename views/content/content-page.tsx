import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { STATE_TIME_ZONES } from '../../domain/au-state.ts';
import { contentPageText } from '../../domain/content-page-text.ts';
import {
  type ContentPageId,
  contentPageRef,
  DEALERSHIPS_PATH,
  locationPagePath,
} from '../../domain/content-pages.ts';
import { locationContactPath } from '../../domain/lead-routes.ts';
import type { Location } from '../../domain/location.ts';
import { autoDealerJsonLd } from '../../domain/location-seo.ts';
import { holidayHoursRows, localClock, openingHoursRows, openStatus } from '../../domain/opening-hours.ts';
import { POSTCODE_MESSAGE } from '../../domain/site-forms.ts';
import type { ContentPageActorRef } from '../../machines/content-page/content-page.machine.ts';
import type {
  LocationFilter,
  LocationFinderActorRef,
} from '../../machines/location-finder/location-finder.machine.ts';
import { css } from '../../styled-system/css';
import type { PublicSite } from '../../tenants/public-site.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { NotFoundPage, notFoundHead } from '../layout/not-found-page.tsx';
import { accountStyles } from '../ui/account-styles.ts';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { contentPageLogic } from './wiring.ts';

const card = css({
  p: '4',
  bg: 'surface',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
});
const prose = css({
  maxW: '3xl',
  mt: '4',
  '& h2': { fontSize: 'xl', fontWeight: 'bold', mt: '6' },
  '& h3': { fontSize: 'lg', fontWeight: 'bold', mt: '4' },
  '& p': { mt: '2', color: 'fgMuted' },
  '& ul': { listStyle: 'disc', pl: '6', mt: '2' },
  '& ol': { listStyle: 'decimal', pl: '6', mt: '2' },
  '& a': { color: 'accent', fontWeight: 'semibold', textDecoration: 'underline' },
});
const TYPE_NAMES: Record<string, string> = {
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
  '': 'Sales',
};
const LOCATION_FILTERS: readonly LocationFilter[] = ['all', 'sales', 'service', 'parts'];
/** A location's type for the filter (an untyped location is a sales yard). */
const typeOf = (location: Location): LocationFilter => location.location_type || 'sales';

/** §2 location detail card: name, address, phone, opening and holiday hours, licence, contact, directions. */
function LocationCard({
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
      {holidays.length > 0 && (
        <details className={css({ mt: '2', fontSize: 'sm' })}>
          <summary className={css({ cursor: 'pointer', fontWeight: 'semibold' })}>
            Holiday Opening Hours
          </summary>
          <ul>
            {holidays.map((row) => (
              <li key={row.label}>
                {row.label}: {row.text}
              </li>
            ))}
          </ul>
        </details>
      )}
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

/** §2 locations page: every visible location as a card, nearest first once a postcode is given. */
function Locations({
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
          <LocationCard
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

/** The location a `/locations/{slug}` page shows (the route let only a visible one through). */
const locationOf = (site: PublicSite, slug: string | undefined) =>
  site.locations.find((location) => location.slug === slug && location.visible);

/** §2 "/locations/{slug}": one location's card on a page of its own, and the way back to all of them. */
function LocationPage({ site, slug, now }: { site: PublicSite; slug: string | undefined; now: Date }) {
  const location = locationOf(site, slug);
  if (!location) return <NotFoundPage />;
  return (
    <article className={accountStyles.page} data-testid="content-page">
      <h1 className={accountStyles.heading}>{location.name}</h1>
      <p className={accountStyles.text}>
        {TYPE_NAMES[location.location_type]} · {location.address.city} {location.address.state.toUpperCase()}
      </p>
      <ul className={css({ mt: '6', maxW: 'xl' })}>
        <LocationCard location={location} now={now} km={null} linkName={false} />
      </ul>
      <p className={accountStyles.row}>
        <Link href={DEALERSHIPS_PATH} className={accountStyles.link}>
          All our locations
        </Link>
      </p>
    </article>
  );
}

/** A page built from the site's settings: its title, introduction and sections (or the locations). */
function BuiltInPage({
  id,
  slug,
  site,
  nearest,
  now,
}: {
  id: ContentPageId;
  slug: string | undefined;
  site: PublicSite;
  nearest: LocationFinderActorRef | undefined;
  now: Date;
}) {
  const text = contentPageText(id, site);
  if (id === 'location') return <LocationPage site={site} slug={slug} now={now} />;
  return (
    <article className={accountStyles.page} data-testid="content-page">
      <h1 className={accountStyles.heading}>{text.title}</h1>
      <p className={accountStyles.text}>{text.intro}</p>
      {id === 'dealerships' && (
        <>
          <p className={accountStyles.row}>
            <Link href="/reviews" className={accountStyles.link}>
              Read what our customers say
            </Link>
          </p>
          <Locations site={site} nearest={nearest} now={now} />
        </>
      )}
      {text.sections.length > 0 && (
        <ol className={css({ listStyle: 'decimal', pl: '6', maxW: '3xl' })}>
          {text.sections.map((section) => (
            <li key={section.heading} className={css({ mt: '6' })}>
              <h2 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className={accountStyles.text}>
                  {paragraph}
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
      {id === 'tradeInTerms' && (
        <p className={accountStyles.row}>
          <Link href="/trade-in" className={accountStyles.link}>
            Value your car
          </Link>
          <Link href="/contact" className={accountStyles.link}>
            Contact us
          </Link>
        </p>
      )}
    </article>
  );
}

/** A content page: built from the site's settings, or the dealer's own words rendered on the server. */
export function ContentPage({ actorRef }: { actorRef: ContentPageActorRef }) {
  const site = useSite();
  const snapshot = useSelector(actorRef, (s) => s);
  const { ref, page, error } = snapshot.context;
  if (snapshot.matches('notFound')) return <NotFoundPage />;
  if (snapshot.matches('failed')) {
    return (
      <PageError message={error ?? 'Something went wrong'} onRetry={() => actorRef.send({ type: 'retry' })} />
    );
  }
  if (snapshot.hasTag('loading')) return <PageSkeleton label="Loading" />;
  if (ref.kind === 'builtIn') {
    const now = new Date(snapshot.context.now);
    return (
      <BuiltInPage id={ref.id} slug={ref.slug} site={site} nearest={snapshot.children.finder} now={now} />
    );
  }
  return (
    <article className={accountStyles.page} data-testid="content-page">
      <h1 className={accountStyles.heading}>{page?.title}</h1>
      {/* Rendered on the server from the dealer's Markdown; raw HTML and unsafe links are escaped there. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own rendering of trusted tenant files */}
      <div className={prose} dangerouslySetInnerHTML={{ __html: page?.html ?? '' }} />
    </article>
  );
}

/** Routes of the content pages (`domain/content-pages.ts`): built-in ones and each dealer's own. */
export const contentPage = definePage({
  logic: contentPageLogic,
  // `/models?body=suvs` and `/models?body=utes` are two pages.
  queryKeyed: true,
  input: ({ site, path, search }) => ({
    ref: contentPageRef(path, search, site.locations) ?? { kind: 'written', path },
    now: new Date().toISOString(),
  }),
  head: (snapshot, { site, path }) => {
    if (snapshot.matches('notFound')) return notFoundHead(site.name, path);
    const { ref, page } = snapshot.context;
    const location = ref.kind === 'builtIn' && ref.id === 'location' ? locationOf(site, ref.slug) : undefined;
    const text = location
      ? {
          title: location.name,
          description: `${location.name}: address, phone, opening hours (holidays included) and directions.`,
        }
      : ref.kind === 'builtIn'
        ? contentPageText(ref.id, site)
        : page;
    return {
      title: `${text?.title ?? site.name} | ${site.name}`,
      description: text?.description ?? site.description,
      status: snapshot.matches('failed') ? 500 : 200,
      canonicalPath: path.split('?')[0] ?? path,
      ...(ref.kind === 'builtIn' && ref.id === 'dealerships'
        ? { jsonLd: site.locations.filter((l) => l.visible).map((l) => autoDealerJsonLd(l, site)) }
        : {}),
      ...(location ? { jsonLd: [autoDealerJsonLd(location, site)] } : {}),
    };
  },
  View: ContentPage,
});
