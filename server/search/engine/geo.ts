import { andInto, type Bitset, emptyBitset } from './bitset.ts';
import type { IndexData } from './index-data.ts';
import type { SearchHit, SearchParams } from './types.ts';

/**
 * Radial geo search (issue 37 item 3), as Algolia does it: `aroundLatLng` ("lat,lng") with
 * `aroundRadius` (metres, or `all`) keeps the records whose `_geoloc` (one `{ lat, lng }` or an
 * array of them) has a point inside the circle, measured to the record's nearest point; a record
 * without `_geoloc` never matches a geo query. With `getRankingInfo`, each hit's `_rankingInfo`
 * carries `matchedGeoLocation` (the nearest point and its distance in metres) and `geoDistance`.
 * Ordering by distance (Algolia's `geo` criterion) is not done here: see decision 132.
 */

/** Algolia's Earth radius for distances (metres). */
const EARTH_RADIUS_M = 6_371_000;

/** A point in degrees. */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/** The centre of a query: `aroundLatLng`'s "lat,lng", already checked by the params schema. */
export function parseLatLng(text: string): GeoPoint {
  const [lat = Number.NaN, lng = Number.NaN] = text.split(',').map((part) => Number(part.trim()));
  return { lat, lng };
}

/** Great-circle (haversine) distance in whole metres. */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

const isPoint = (value: unknown): value is GeoPoint =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as GeoPoint).lat === 'number' &&
  typeof (value as GeoPoint).lng === 'number' &&
  Number.isFinite((value as GeoPoint).lat) &&
  Number.isFinite((value as GeoPoint).lng);

/** A record's `_geoloc` points (one object or an array; malformed entries are skipped). */
export function geolocOf(record: unknown): GeoPoint[] {
  const value = (record as { _geoloc?: unknown } | null)?._geoloc;
  if (Array.isArray(value)) return value.filter(isPoint);
  return isPoint(value) ? [value] : [];
}

/** The record's point nearest the centre and its distance, or null without `_geoloc`. */
export function nearestPoint(record: unknown, centre: GeoPoint): (GeoPoint & { distance: number }) | null {
  let best: (GeoPoint & { distance: number }) | null = null;
  for (const point of geolocOf(record)) {
    const distance = distanceMetres(centre, point);
    if (!best || distance < best.distance) best = { lat: point.lat, lng: point.lng, distance };
  }
  return best;
}

/** The geo query of the params, or null when `aroundLatLng` is absent. */
export function geoQueryOf(params: SearchParams): { centre: GeoPoint; radius: number | 'all' } | null {
  if (params.aroundLatLng === undefined) return null;
  return { centre: parseLatLng(params.aroundLatLng), radius: params.aroundRadius ?? 'all' };
}

/** Narrows `bits` (null = every record) to the records inside the query's circle. */
export function withinRadius(data: IndexData, params: SearchParams, bits: Bitset | null): Bitset | null {
  const query = geoQueryOf(params);
  if (!query) return bits;
  const inside = emptyBitset(data.size);
  for (let slot = 0; slot < data.size; slot++) {
    const nearest = nearestPoint(data.records[slot], query.centre);
    if (nearest && (query.radius === 'all' || nearest.distance <= query.radius))
      inside[slot >>> 5] = (inside[slot >>> 5] as number) | (1 << (slot & 31));
  }
  if (bits) andInto(inside, bits);
  return inside;
}

/** `_rankingInfo`'s geo fields of a hit (Algolia's names; the precision is its default 10 m). */
export function geoRankingInfo(record: unknown, params: SearchParams): SearchHit['_rankingInfo'] | null {
  const query = geoQueryOf(params);
  if (!query || params.getRankingInfo !== true) return null;
  const nearest = nearestPoint(record, query.centre);
  if (!nearest) return null;
  return {
    geoDistance: Math.floor(nearest.distance / 10),
    geoPrecision: 10,
    matchedGeoLocation: nearest,
  };
}

/** Whether the index ranks by distance: its ranking names `geo` (Algolia's default ranking does). */
export function ranksByGeo(settings: { ranking?: unknown }): boolean {
  const ranking = Array.isArray(settings.ranking) ? settings.ranking : null;
  return ranking === null || ranking.includes('geo');
}

/**
 * The window of a geo search, ordered as Algolia's `geo` criterion does: the replica's sort first,
 * then (with a query) relevance, then distance in 10 m steps (its default precision), then custom
 * ranking. Records without a `_geoloc` never reach here (the radius filter drops them).
 */
export function geoWindow(
  data: IndexData,
  slots: Int32Array,
  centre: GeoPoint,
  order: {
    prefixRank: Int32Array | null;
    customRank: Int32Array;
    relevance: ((slot: number) => number) | null;
  },
  start: number,
  end: number,
): number[] {
  const keyed = Array.from(slots, (slot) => ({
    slot,
    prefix: order.prefixRank ? (order.prefixRank[slot] as number) : 0,
    relevance: order.relevance ? order.relevance(slot) : 0,
    geo: Math.floor((nearestPoint(data.records[slot], centre)?.distance ?? Number.MAX_SAFE_INTEGER) / 10),
    custom: order.customRank[slot] as number,
  }));
  keyed.sort(
    (a, b) => a.prefix - b.prefix || a.relevance - b.relevance || a.geo - b.geo || a.custom - b.custom,
  );
  return keyed.slice(start, end).map((entry) => entry.slot);
}
