/**
 * "Nearest to me" (`locations-forms-tradein-site.md` §7 geocoding; issue 18 item 2): locations sorted
 * by great-circle distance from a postcode's position, with the distance shown.
 */

/** §9: the Earth's radius the distance uses. */
export const EARTH_RADIUS_KM = 6371;

/** A position in degrees. */
export interface LatLong {
  lat: number;
  long: number;
}

/** The great-circle (haversine) distance between two positions, in kilometres. */
export function distanceKm(a: LatLong, b: LatLong): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLong = rad(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Locations nearest first, each with its distance rounded to a tenth of a kilometre. */
export function nearestFirst<T extends { slug: string; address: LatLong }>(
  from: LatLong,
  locations: readonly T[],
): { slug: string; km: number }[] {
  return locations
    .map((location) => ({
      slug: location.slug,
      km: Math.round(distanceKm(from, location.address) * 10) / 10,
    }))
    .sort((a, b) => a.km - b.km || a.slug.localeCompare(b.slug));
}
