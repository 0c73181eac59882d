import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowHosts, refusedAddress } from '../../../server/media/photos/address-policy.ts';
import {
  fetchPhoto,
  type PhotoFetchOptions,
  type PhotoFetchResult,
  type ResolveHost,
} from '../../../server/media/photos/fetch-photo.ts';
import { type PhotoOrigin, serveImage, startPhotoOrigin } from './photo-origin.ts';

/**
 * Issue 35 item 1: a dealer's feed names any address it likes, so the photo fetcher must not become
 * a way into the server's network (decision 122). The origin is a real HTTP server on 127.0.0.1.
 */
let origin: PhotoOrigin;
const folder = mkdtempSync(join(tmpdir(), 'forecourt-photo-fetch-'));
let files = 0;
const file = () => {
  files += 1;
  return join(folder, `photo-${files}`);
};
const PHOTO = Buffer.from('photo bytes');

beforeAll(async () => {
  origin = await startPhotoOrigin();
  origin.route('/car.jpg', serveImage(PHOTO));
});
afterAll(() => origin.close());

/** A resolver that answers from a table (a name missing from it does not resolve). */
const resolver =
  (table: Record<string, string[]>): ResolveHost =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const options = (overrides: Partial<PhotoFetchOptions> = {}): PhotoFetchOptions => ({
  allowHosts: parseAllowHosts(`http://127.0.0.1:${origin.port}`),
  maxBytes: 1024 * 1024,
  timeoutMs: 5_000,
  maxRedirects: 3,
  ...overrides,
});

/** The error a fetch fails with, and whether it is final. */
async function refusal(
  fetching: Promise<PhotoFetchResult>,
): Promise<{ message: string; permanent: boolean }> {
  const error = await fetching.then(
    () => null,
    (e: unknown) => e as { message: string; permanent: boolean },
  );
  if (!error) throw new Error('expected the fetch to be refused');
  return { message: error.message, permanent: error.permanent };
}

describe('which addresses the photo fetcher reaches', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT'],
    ['224.0.0.1', 'multicast'],
    ['0.0.0.0', 'this network'],
    ['::1', 'IPv6 loopback'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00::1', 'IPv6 unique-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback (hex)'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
  ])('refuses %s (%s)', (address) => {
    expect(refusedAddress(address)).toMatch(/not a public address/);
  });

  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111'])('reaches public %s', (address) => {
    expect(refusedAddress(address)).toBeNull();
  });

  it('reads PHOTO_FETCH_ALLOW_HOSTS: hosts, ports, and http:// for plain http', () => {
    expect(parseAllowHosts(' cdn.internal , http://127.0.0.1:8080,')).toEqual([
      { host: 'cdn.internal', port: null, http: false },
      { host: '127.0.0.1', port: '8080', http: true },
    ]);
    expect(() => parseAllowHosts('http://cdn.internal/photos')).toThrow(/not a host/);
  });
});

describe('fetching a photo', () => {
  it('fetches from a host the setting exempts, connecting to the address resolved here', async () => {
    const target = file();
    // `photos.test` resolves nowhere but in this resolver: the fetch connects to what it answered.
    const result = await fetchPhoto(
      `http://photos.test:${origin.port}/car.jpg`,
      null,
      target,
      options({
        allowHosts: parseAllowHosts(`http://photos.test:${origin.port}`),
        resolve: resolver({ 'photos.test': ['127.0.0.1'] }),
      }),
    );
    expect(result).toEqual({
      kind: 'fetched',
      size: PHOTO.length,
      validators: { etag: '"v1"', lastModified: null },
    });
    expect(readFileSync(target)).toEqual(PHOTO);
  });

  it('refuses loopback without the setting, before any request', async () => {
    const before = origin.requests.length;
    const refused = await refusal(
      fetchPhoto(`https://127.0.0.1:${origin.port}/car.jpg`, null, file(), options({ allowHosts: [] })),
    );
    expect(refused).toEqual({
      message: expect.stringMatching(/127\.0\.0\.1 is not a public address/),
      permanent: true,
    });
    expect(origin.requests.length).toBe(before);
  });

  it('refuses a name that resolves to 127.0.0.1, or to a private address among public ones', async () => {
    const resolve = resolver({
      'cdn.dealer.test': ['127.0.0.1'],
      'mixed.dealer.test': ['93.184.216.34', '10.0.0.8'],
    });
    for (const host of ['cdn.dealer.test', 'mixed.dealer.test']) {
      const refused = await refusal(
        fetchPhoto(`https://${host}/car.jpg`, null, file(), options({ resolve })),
      );
      expect(refused).toEqual({ message: expect.stringMatching(/not a public address/), permanent: true });
    }
  });

  it('refuses plain http unless the setting names the host with http://', async () => {
    const resolve = resolver({ 'cdn.dealer.test': ['93.184.216.34'] });
    const public_ = await refusal(
      fetchPhoto('http://cdn.dealer.test/car.jpg', null, file(), options({ resolve })),
    );
    expect(public_).toEqual({ message: expect.stringMatching(/https only/), permanent: true });
    const exemptButHttps = parseAllowHosts(`127.0.0.1:${origin.port}`);
    const loopback = await refusal(
      fetchPhoto(origin.url('/car.jpg'), null, file(), options({ allowHosts: exemptButHttps })),
    );
    expect(loopback).toEqual({ message: expect.stringMatching(/https only/), permanent: true });
  });

  it('refuses a redirect to a private address, and checks every hop', async () => {
    origin.route('/to-private', (_req, res) =>
      res.writeHead(302, { location: 'https://10.0.0.5/car.jpg' }).end(),
    );
    origin.route('/to-localhost', (_req, res) =>
      res.writeHead(301, { location: `http://localhost:${origin.port}/car.jpg` }).end(),
    );
    const toPrivate = await refusal(fetchPhoto(origin.url('/to-private'), null, file(), options()));
    expect(toPrivate).toEqual({
      message: expect.stringMatching(/10\.0\.0\.5 is not a public address/),
      permanent: true,
    });
    // `localhost` is not the exempt `127.0.0.1`: plain http to it is refused, whatever it resolves to.
    const toLocalhost = await refusal(fetchPhoto(origin.url('/to-localhost'), null, file(), options()));
    expect(toLocalhost.permanent).toBe(true);
    expect(origin.count('/car.jpg')).toBe(1);
  });

  it('follows at most three redirects', async () => {
    for (const hop of [1, 2, 3, 4]) {
      origin.route(`/hop${hop}`, (_req, res) =>
        res.writeHead(307, { location: hop === 4 ? '/car.jpg' : `/hop${hop + 1}` }).end(),
      );
    }
    expect((await fetchPhoto(origin.url('/hop2'), null, file(), options())).kind).toBe('fetched');
    const tooMany = await refusal(fetchPhoto(origin.url('/hop1'), null, file(), options()));
    expect(tooMany).toEqual({ message: 'more than 3 redirects', permanent: true });
  });

  it('refuses a photo past the size ceiling, whether it says its size or streams it', async () => {
    const big = Buffer.alloc(200_000, 7);
    origin.route('/big-declared', serveImage(big));
    origin.route('/big-streamed', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      for (let i = 0; i < 20; i += 1) res.write(big.subarray(0, 10_000));
      res.end();
    });
    for (const path of ['/big-declared', '/big-streamed']) {
      const refused = await refusal(
        fetchPhoto(origin.url(path), null, file(), options({ maxBytes: 64 * 1024 })),
      );
      expect(refused).toEqual({ message: expect.stringMatching(/more than 65536/), permanent: true });
    }
  });

  it('gives up a photo that does not arrive in time, to be tried again later', async () => {
    origin.route('/never', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.write('partial');
    });
    const late = await refusal(fetchPhoto(origin.url('/never'), null, file(), options({ timeoutMs: 300 })));
    expect(late).toEqual({ message: 'no photo within 300 ms', permanent: false });
  });

  it('tells errors worth retrying (503) from final ones (404)', async () => {
    origin.route('/busy', (_req, res) => res.writeHead(503).end());
    expect(await refusal(fetchPhoto(origin.url('/busy'), null, file(), options()))).toEqual({
      message: "the photo's server answered 503",
      permanent: false,
    });
    expect((await refusal(fetchPhoto(origin.url('/gone'), null, file(), options()))).permanent).toBe(true);
  });

  it('asks conditionally with what the origin said before, and hears that nothing changed', async () => {
    const result = await fetchPhoto(
      origin.url('/car.jpg'),
      { etag: '"v1"', lastModified: null },
      file(),
      options(),
    );
    expect(result).toEqual({ kind: 'notModified' });
    expect(origin.requests.at(-1)).toMatchObject({ path: '/car.jpg', ifNoneMatch: '"v1"' });
  });
});
