import { z } from 'zod/mini';
import { distanceKm } from './nearest.ts';
import { POSTCODE_MESSAGE, postcodeSchema } from './postcode.ts';

/**
 * "Within 25 / 50 / 100 / 250 km of my postcode" (issue 37 item 3): the listing's distance filter
 * on a dealer whose cars stand at several places. The state holds the postcode and the radius
 * (`search-state.ts` `near`, `within`; the address `near=2150&within=25`); the postcode is geocoded
 * by the server (`GET /api/locations/postcode`), and the search asks for cars around that point
 * (Algolia's `aroundLatLng` / `aroundRadius` on each car's `_geoloc`, its location's position).
 * Each card then says how far its car is (decision 132).
 */

/** The radii the select offers, in km. */
export const DISTANCE_RADII = [25, 50, 100, 250] as const;
/** One of the radii. */
export type DistanceRadius = (typeof DISTANCE_RADII)[number];

/** The forms' postcode text (`postcode.ts`, §5): the distance filter's message too. */
export const NEAR_POSTCODE_MESSAGE = POSTCODE_MESSAGE;

/** The state's postcode: four digits (the forms' rule). */
export const nearSchema = z.string().check(z.regex(/^\d{4}$/));

/** A postcode as the shopper typed it: trimmed, then four digits (the forms' rule). */
export const nearInputSchema = postcodeSchema;
/** The state's radius: one the select offers. */
export const withinSchema = z.union(DISTANCE_RADII.map((km) => z.literal(km)));

/** A geocoded postcode: its position, or why it has none (unknown, or the geocoder failed). */
export type NearPlace = { lat: number; lng: number } | { error: string };

/** `Within 25 km`. */
export const radiusLabel = (km: number): string => `Within ${km} km`;

/** The chip over the results: `Within 25 km of 2150`. */
export const nearLabel = (postcode: string, km: number): string => `Within ${km} km of ${postcode}`;

/** What a card says: `17 km away`, or `Under 1 km away`. */
export function distanceLabel(km: number): string {
  return km < 1 ? 'Under 1 km away' : `${Math.round(km)} km away`;
}

/** A car's distance from the point, in km, by its `_geoloc`; null without one. */
export function carDistanceKm(
  geoloc: { lat: number; lng: number } | null | undefined,
  from: { lat: number; lng: number } | null,
): number | null {
  if (!geoloc || !from) return null;
  return distanceKm({ lat: from.lat, long: from.lng }, { lat: geoloc.lat, long: geoloc.lng });
}

/**
 * Whether a dealer offers the filter: its visible sales locations stand at more than one postcode
 * (a dealer whose sales yards are all in one suburb would list the same cars at every radius).
 */
export function hasSeveralPlaces(
  locations: ReadonlyArray<{ visible: boolean; location_type: string; address: { postcode: string } }>,
): boolean {
  const sales = locations.filter((l) => l.visible && l.location_type === 'sales');
  return new Set(sales.map((l) => l.address.postcode)).size > 1;
}

/** The search's geo parameters for a place and radius (Algolia's names; the radius in metres). */
export function aroundParams(around: { lat: number; lng: number; km: number }): {
  aroundLatLng: string;
  aroundRadius: number;
} {
  return { aroundLatLng: `${around.lat},${around.lng}`, aroundRadius: around.km * 1000 };
}
