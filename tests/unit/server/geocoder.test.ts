import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookUpPostcode } from '../../../server/geocoding/au-postcodes.ts';
import {
  GeocoderUnavailableError,
  geocoderFromEnv,
  googleGeocoder,
  localGeocoder,
} from '../../../server/geocoding/geocoder.ts';

/**
 * The geocoder adapter (`locations-forms-tradein-site.md` §5 "Geocoding an unknown postcode fails",
 * §7 "reads the first result's geometry location lat and lng"; decision 084): the bundled table's
 * documented test values, and the Google adapter against a local server that answers as Google does.
 */
describe('the local table', () => {
  it.each([
    ['4000', 'Brisbane City', 'locality'],
    ['4178', 'Wynnum', 'locality'],
    ['2100', 'Brookvale', 'locality'],
    ['3190', 'Highett', 'locality'],
    ['0800', 'Darwin', 'locality'],
  ])('%s is %s', (postcode, locality, precision) => {
    expect(lookUpPostcode(postcode)).toMatchObject({ place: { locality }, precision });
  });

  it('a postcode of a state’s range but not in the table is placed at its capital', () => {
    expect(lookUpPostcode('6160')).toMatchObject({
      place: { state: 'wa', lat: -31.9505 },
      precision: 'state',
    });
    expect(lookUpPostcode('2611')).toMatchObject({ place: { state: 'act' } });
  });

  it('0000, 0500 and anything not four digits are unknown', async () => {
    const geocoder = localGeocoder();
    for (const postcode of ['0000', '0500', '0199', '400', 'abcd', '40000']) {
      expect(await geocoder.postcode(postcode)).toBeNull();
    }
    expect(await geocoder.postcode('4178')).toEqual({ lat: -27.4428, lng: 153.1698 });
  });

  it('the environment picks Google only with a key', () => {
    expect(geocoderFromEnv({}).name).toBe('local');
    expect(geocoderFromEnv({ GEOCODING_API_KEY: 'k' }).name).toBe('google');
  });
});

describe('the Google adapter, against a server answering as Google does', () => {
  let server: Server;
  let url: string;
  const seen: URLSearchParams[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const params = new URL(request.url ?? '/', 'http://x').searchParams;
      seen.push(params);
      const postcode = /postal_code:(\d{4})/.exec(params.get('components') ?? '')?.[1];
      response.setHeader('content-type', 'application/json');
      if (params.get('key') !== 'test-key') {
        response.end(JSON.stringify({ status: 'REQUEST_DENIED', results: [] }));
      } else if (postcode === '4000') {
        response.end(
          JSON.stringify({
            status: 'OK',
            results: [{ geometry: { location: { lat: -27.47, lng: 153.02 } } }],
          }),
        );
      } else if (postcode === '9999') {
        response.statusCode = 503;
        response.end('{}');
      } else {
        response.end(JSON.stringify({ status: 'ZERO_RESULTS', results: [] }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maps/api/geocode/json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the first result’s position, asking for an Australian postal code with the key', async () => {
    const geocoder = googleGeocoder({ key: 'test-key', url });
    expect(await geocoder.postcode('4000')).toEqual({ lat: -27.47, lng: 153.02 });
    expect(seen.at(-1)?.get('components')).toBe('country:AU|postal_code:4000');
  });

  it('no result is an unknown postcode; a refused key or a failing service is "unavailable", not the shopper’s fault', async () => {
    expect(await googleGeocoder({ key: 'test-key', url }).postcode('0000')).toBeNull();
    await expect(googleGeocoder({ key: 'wrong', url }).postcode('4000')).rejects.toBeInstanceOf(
      GeocoderUnavailableError,
    );
    await expect(googleGeocoder({ key: 'test-key', url }).postcode('9999')).rejects.toBeInstanceOf(
      GeocoderUnavailableError,
    );
  });
});

describe('a lead while the geocoder is down', () => {
  it('is checked and kept, without the postcode’s position: the shopper is not refused for it', async () => {
    const { checkLeadForm } = await import('../../../server/api/lead-forms.ts');
    const { loadTenants } = await import('../../../server/tenants/load.ts');
    const site = loadTenants().find((s) => s.slug === 'bayside-mazda');
    if (!site) throw new Error('no site');
    const down = {
      name: 'down',
      postcode: async () => {
        throw new GeocoderUnavailableError('The geocoder could not be reached');
      },
    };
    const result = await checkLeadForm(
      site,
      {
        form: 'contact',
        userData: {
          category: 'General Enquiry',
          name: 'Sam',
          email: 'sam@example.com',
          postcode: '4000',
          message: 'Hi',
        },
      },
      { db: {} as never, geocoder: down, now: new Date() },
    );
    expect(result).toEqual({ ok: true, extra: {}, booking: null });
  });
});
