import type { NearestLocations } from '../../domain/contracts/locations.ts';
import type { Location } from '../../domain/location.ts';
import type { LocationFilter } from '../../machines/location-finder/location-finder.machine.ts';
import type { PublicSite } from '../../tenants/public-site.ts';

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

/** The location a `/locations/{slug}` page shows: one the dealer shows, or none. */
export const locationOf = (site: PublicSite, slug: string | undefined): Location | undefined =>
  site.locations.find((location) => location.slug === slug && location.visible);

/** The filter's choices: every location, and each type the dealer has. */
export const filtersOf = (visible: readonly Location[]): LocationFilter[] =>
  LOCATION_FILTERS.filter((type) => type === 'all' || visible.some((location) => typeOf(location) === type));

/** The grid's locations: those of the chosen type, nearest first once a postcode was found. */
export function gridOf(
  visible: readonly Location[],
  filter: LocationFilter,
  found: NearestLocations['locations'] | null,
): { location: Location; km: number | null }[] {
  const distance = new Map((found ?? []).map((entry, index) => [entry.slug, { km: entry.km, index }]));
  return visible
    .filter((location) => filter === 'all' || typeOf(location) === filter)
    .sort((a, b) => (distance.get(a.slug)?.index ?? 0) - (distance.get(b.slug)?.index ?? 0))
    .map((location) => ({ location, km: distance.get(location.slug)?.km ?? null }));
}
