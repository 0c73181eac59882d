import { useRoute } from 'wouter';
import { LOCATION_PAGE_ROUTE } from '../../domain/content-pages.ts';
import { autoDealerJsonLd } from '../../domain/location-seo.ts';
import { locationsPageText } from '../../domain/locations-page-text.ts';
import type { LocationFinderActorRef } from '../../machines/location-finder/location-finder.machine.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { NotFoundPage, notFoundHead } from '../layout/not-found-page.tsx';
import { DealershipsPage } from './dealerships-page.tsx';
import { LocationPage } from './location-page.tsx';
import { locationOf } from './location-types.ts';
import { locationsLogic } from './wiring.ts';

/** The slug of `/locations/{slug}`, or undefined on `/dealerships`. */
const slugOf = (path: string) => /^\/locations\/([^/?]+)/.exec(path)?.[1];

/** `/dealerships` (every location, the finder) or `/locations/{slug}` (one location the dealer shows). */
export function LocationsView({ actorRef }: { actorRef: LocationFinderActorRef }) {
  const site = useSite();
  const [isLocation, params] = useRoute(LOCATION_PAGE_ROUTE);
  if (!isLocation) return <DealershipsPage site={site} actorRef={actorRef} />;
  const location = locationOf(site, params.location);
  return location ? <LocationPage location={location} actorRef={actorRef} /> : <NotFoundPage />;
}

/**
 * The locations flow (issue 18 item 2; issue 32 item 2): `/dealerships` and `/locations/{slug}`,
 * run by the location finder (the grid's filter and "nearest to me") with the moment the page is
 * shown, so the server's render and the browser's hydration read the same opening hours.
 */
export const locationsPage = definePage({
  logic: locationsLogic,
  input: () => ({ now: new Date().toISOString() }),
  head: (_snapshot, { site, path }) => {
    const canonicalPath = path.split('?')[0] ?? path;
    const slug = slugOf(canonicalPath);
    if (slug === undefined) {
      const text = locationsPageText(site);
      return {
        title: `${text.title} | ${site.name}`,
        description: text.description,
        status: 200,
        canonicalPath,
        jsonLd: site.locations.filter((l) => l.visible).map((l) => autoDealerJsonLd(l, site)),
      };
    }
    const location = locationOf(site, slug);
    if (!location) return notFoundHead(site.name, path);
    return {
      title: `${location.name} | ${site.name}`,
      description: `${location.name}: address, phone, opening hours (holidays included) and directions.`,
      status: 200,
      canonicalPath,
      jsonLd: [autoDealerJsonLd(location, site)],
    };
  },
  View: LocationsView,
});
