import { lookUpPostcode } from './au-postcodes.ts';

/**
 * Geocoding an Australian postcode (`locations-forms-tradein-site.md` §5 "Geocoding an unknown postcode
 * fails with 'Invalid postcode'", §7 "GET to a maps service (geocoding): address and a key; reads the
 * first result's geometry location lat and lng"). An adapter (decision 084): the local default reads
 * the bundled table in `au-postcodes.ts`; `GEOCODING_API_KEY` switches to Google's Geocoding API
 * (`GEOCODING_URL` overrides its address, for a test double or a proxy).
 */

/** Where a postcode is. */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/** §5, §8: what a postcode the geocoder does not know answers. */
export const UNKNOWN_POSTCODE_MESSAGE = 'Invalid postcode';

/** Raised when the provider cannot be asked (down, refusing the key): not the shopper's fault. */
export class GeocoderUnavailableError extends Error {}

export interface Geocoder {
  readonly name: string;
  /** The postcode's position, or null when it is not a known Australian postcode. */
  postcode(postcode: string): Promise<GeoPoint | null>;
}

/** The bundled table: deterministic, offline. */
export function localGeocoder(): Geocoder {
  return {
    name: 'local',
    async postcode(postcode) {
      const found = lookUpPostcode(postcode);
      return found ? { lat: found.place.lat, lng: found.place.lng } : null;
    },
  };
}

/** Google's answer, as far as it is read. */
interface GoogleAnswer {
  status?: string;
  results?: { geometry?: { location?: { lat?: number; lng?: number } } }[];
}

/** Google's Geocoding API: a postcode in Australia; the first result's position (§7). */
export function googleGeocoder(options: {
  key: string;
  url?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): Geocoder {
  const url = options.url ?? 'https://maps.googleapis.com/maps/api/geocode/json';
  const get = options.fetch ?? fetch;
  return {
    name: 'google',
    async postcode(postcode) {
      if (!/^\d{4}$/.test(postcode)) return null;
      const query = new URL(url);
      query.searchParams.set('components', `country:AU|postal_code:${postcode}`);
      query.searchParams.set('key', options.key);
      let answer: GoogleAnswer;
      try {
        const response = await get(query, { signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        answer = (await response.json()) as GoogleAnswer;
      } catch (error) {
        throw new GeocoderUnavailableError(`The geocoder could not be reached: ${String(error)}`);
      }
      if (answer.status === 'ZERO_RESULTS') return null;
      if (answer.status !== 'OK')
        throw new GeocoderUnavailableError(`The geocoder answered ${answer.status}`);
      const location = answer.results?.[0]?.geometry?.location;
      if (typeof location?.lat !== 'number' || typeof location.lng !== 'number') return null;
      return { lat: location.lat, lng: location.lng };
    },
  };
}

/** The geocoder the settings ask for: Google with `GEOCODING_API_KEY`, else the local table. */
export function geocoderFromEnv(env: {
  GEOCODING_API_KEY?: string | undefined;
  GEOCODING_URL?: string | undefined;
}): Geocoder {
  const key = env.GEOCODING_API_KEY?.trim();
  if (!key) return localGeocoder();
  return googleGeocoder({ key, ...(env.GEOCODING_URL ? { url: env.GEOCODING_URL } : {}) });
}
