import { Link } from 'wouter';
import { locationsPageText } from '../../domain/locations-page-text.ts';
import type { LocationFinderActorRef } from '../../machines/location-finder/location-finder.machine.ts';
import type { PublicSite } from '../../tenants/public-site.ts';
import { pageStyles } from '../ui/page-styles.ts';
import { LocationsGrid } from './locations-grid.tsx';

/** §2 `/dealerships`: the dealer's locations, the way to its reviews, the finder and the grid. */
export function DealershipsPage({ site, actorRef }: { site: PublicSite; actorRef: LocationFinderActorRef }) {
  const text = locationsPageText(site);
  return (
    <article className={pageStyles.page} data-testid="content-page">
      <h1 className={pageStyles.heading}>{text.title}</h1>
      <p className={pageStyles.text}>{text.intro}</p>
      <p className={pageStyles.row}>
        <Link href="/reviews" className={pageStyles.link}>
          Read what our customers say
        </Link>
      </p>
      <LocationsGrid site={site} actorRef={actorRef} />
    </article>
  );
}
