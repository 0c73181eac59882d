import { Link } from 'wouter';
import { locationsPageText } from '../../domain/locations-page-text.ts';
import type { LocationFinderActorRef } from '../../machines/location-finder/location-finder.machine.ts';
import type { PublicSite } from '../../tenants/public-site.ts';
import { accountStyles } from '../ui/account-styles.ts';
import { LocationsGrid } from './locations-grid.tsx';

/** §2 `/dealerships`: the dealer's locations, the way to its reviews, the finder and the grid. */
export function DealershipsPage({ site, actorRef }: { site: PublicSite; actorRef: LocationFinderActorRef }) {
  const text = locationsPageText(site);
  return (
    <article className={accountStyles.page} data-testid="content-page">
      <h1 className={accountStyles.heading}>{text.title}</h1>
      <p className={accountStyles.text}>{text.intro}</p>
      <p className={accountStyles.row}>
        <Link href="/reviews" className={accountStyles.link}>
          Read what our customers say
        </Link>
      </p>
      <LocationsGrid site={site} actorRef={actorRef} />
    </article>
  );
}
