import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { thumbHashToAverageRGBA } from 'thumbhash';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Car } from '../../../domain/car.ts';
import { PHOTO_PLACEHOLDER, parsePhotoAddress } from '../../../domain/photo-address.ts';
import { localMediaStore } from '../../../server/media/media-store.ts';
import { parseAllowHosts } from '../../../server/media/photos/address-policy.ts';
import { photoRoutes } from '../../../server/media/photos/photo.routes.ts';
import { PHOTO_GIVE_UP_AFTER, PhotoWorker } from '../../../server/media/photos/photo-worker.ts';
import { DEMO_TENANTS } from '../../../server/seed/demo-tenants.ts';
import { importStock } from '../../../server/stock/import.ts';
import { photoSource } from '../../../server/store/car-photos.repo.ts';
import { getCarById } from '../../../server/store/cars.repo.ts';
import { sampleCar } from '../store/sample-car.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import { makeJpeg, type PhotoOrigin, serveImage, startPhotoOrigin } from './photo-origin.ts';

/**
 * Issue 35 items 1–2 (decision 122): an import queues its cars' photos, the worker fetches each from
 * the dealer's server (a real HTTP server on 127.0.0.1, exempt by the setting), stores one master,
 * and the cars then carry same-origin addresses that `/media/photos` answers in each width and format.
 */
const BAYSIDE = DEMO_TENANTS[0] as (typeof DEMO_TENANTS)[number];
const IDS = BAYSIDE.dealerships.map((d) => d.id);

describe.each(testDrivers('photos'))('the stock photo pipeline on $name', (driver) => {
  let store: TestStore;
  let origin: PhotoOrigin;
  let clock: Date;
  let changed: number[][];
  let worker: PhotoWorker;
  const mediaFolder = mkdtempSync(join(tmpdir(), 'forecourt-photos-'));
  const media = localMediaStore(mediaFolder);
  const routes = photoRoutes(media);

  const car = (id: number, photos: { images: string[]; primary?: string; thumbnails?: string[] }) =>
    sampleCar(id, {
      slug: `car-${id}`,
      dealership_id: IDS[0],
      dealership_slug: BAYSIDE.dealerships[0]?.slug,
      images: photos.images,
      thumbnails: photos.thumbnails ?? [],
      primary_image_url: photos.primary ?? null,
    });
  const stored = async (id: number): Promise<Car> => {
    const found = await getCarById(store.db, IDS, id);
    if (!found) throw new Error(`car ${id} is not stored`);
    return found;
  };
  const serve = (address: string, accept: string) =>
    routes.request(address.slice('/media/photos'.length), { headers: { accept } });
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * 60_000);
  };

  beforeAll(async () => {
    store = await driver.open();
    origin = await startPhotoOrigin();
  });
  afterAll(async () => {
    await origin.close();
    await store.cleanup();
  });
  beforeEach(() => {
    clock = new Date();
    changed = [];
    worker = new PhotoWorker({
      db: store.db,
      media,
      now: () => clock,
      carsChanged: async (ids) => {
        changed.push([...ids]);
      },
      fetch: {
        allowHosts: parseAllowHosts(`http://127.0.0.1:${origin.port}`),
        maxBytes: 1024 * 1024,
        timeoutMs: 5_000,
        maxRedirects: 3,
      },
    });
  });

  it('an imported car shows the placeholder, then its photos from the site itself once fetched', async () => {
    origin.route('/101/front.jpg', serveImage(await makeJpeg(64, 40)));
    origin.route('/101/side.jpg', serveImage(await makeJpeg(48, 30)));
    const front = origin.url('/101/front.jpg');
    const side = origin.url('/101/side.jpg');
    const result = await importStock(
      store.db,
      BAYSIDE,
      [car(101, { images: [front, side], primary: front, thumbnails: [origin.url('/101/thumb.jpg')] })],
      { now: clock },
    );
    expect(result.photos).toEqual({ queued: 2, failed_cars: [] });
    expect(await stored(101)).toMatchObject({
      images: [PHOTO_PLACEHOLDER, PHOTO_PLACEHOLDER],
      thumbnails: [PHOTO_PLACEHOLDER, PHOTO_PLACEHOLDER],
      primary_image_url: PHOTO_PLACEHOLDER,
    });

    expect(await worker.runOnce()).toBe(2);
    const shown = await stored(101);
    const [first, second] = shown.images.map((address) => parsePhotoAddress(address));
    expect(first?.width).toBe(960);
    expect(second?.width).toBe(960);
    expect(first?.hash).not.toBe(second?.hash);
    expect(shown.primary_image_url).toBe(shown.images[0]);
    expect(shown.thumbnails).toEqual(shown.images.map((address) => address.replace(/\/960$/, '/320')));
    // Its pages were refreshed as its photos were stored: once, or once more if the second came in
    // while the first refresh ran.
    expect(changed.length).toBeGreaterThanOrEqual(1);
    expect(changed.length).toBeLessThanOrEqual(2);
    expect(new Set(changed.flat())).toEqual(new Set([101]));
    // The feed's thumbnails are never fetched: every width is made from the photo itself.
    expect(origin.count('/101/thumb.jpg')).toBe(0);
    expect((await serve(shown.images[0] as string, 'image/jpeg')).status).toBe(200);
  });

  it('a photo whose server is slow holds one place, not the queue: the other cars show theirs meanwhile', async () => {
    const jpeg = await makeJpeg(40, 30);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    origin.route('/120/slow.jpg', (req, res) => {
      void released.then(() => serveImage(jpeg)(req, res));
    });
    const fast = [121, 122, 123];
    for (const id of fast) origin.route(`/${id}/front.jpg`, serveImage(jpeg));
    await importStock(
      store.db,
      BAYSIDE,
      [
        car(120, { images: [origin.url('/120/slow.jpg')] }),
        ...fast.map((id) => car(id, { images: [origin.url(`/${id}/front.jpg`)] })),
      ],
      { now: clock },
    );

    const run = worker.runOnce();
    try {
      // The slow photo is answered only once every other car shows its photo.
      await expect.poll(() => new Set(changed.flat()), { timeout: 10_000 }).toEqual(new Set(fast));
      for (const id of fast) expect((await stored(id)).images[0]).not.toBe(PHOTO_PLACEHOLDER);
      expect((await stored(120)).images[0]).toBe(PHOTO_PLACEHOLDER);
    } finally {
      release();
    }
    expect(await run).toBe(4);
    expect((await stored(120)).images[0]).not.toBe(PHOTO_PLACEHOLDER);
  });

  it('keeps each stored photo’s thumbhash beside its address, the blurred colours a page shows while it loads', async () => {
    origin.route('/108/red.jpg', serveImage(await makeJpeg(64, 48)));
    const red = origin.url('/108/red.jpg');
    const waiting = origin.url('/108/later.jpg');
    await importStock(store.db, BAYSIDE, [car(108, { images: [red, waiting], primary: red })], {
      now: clock,
    });
    expect(await stored(108)).toMatchObject({
      primary_image_thumbhash: null,
      image_thumbhashes: [null, null],
    });

    await worker.runOnce();
    const shown = await stored(108);
    expect(shown.primary_image_thumbhash).toMatch(/^[A-Za-z0-9+/]{20,40}={0,2}$/);
    // The later photo failed (no such file at the origin): it has no thumbhash and shows the placeholder.
    expect(shown.image_thumbhashes).toEqual([shown.primary_image_thumbhash, null]);
    // The thumbhash is the photo's: its average colour is the photo's red (180, 40, 40).
    const average = thumbHashToAverageRGBA(Buffer.from(shown.primary_image_thumbhash as string, 'base64'));
    expect(Math.round(average.r * 255)).toBeGreaterThan(150);
    expect(Math.round(average.g * 255)).toBeLessThan(70);
    expect(Math.round(average.b * 255)).toBeLessThan(70);
  });

  it('turns a photo upright by its EXIF orientation and keeps none of its metadata', async () => {
    // Stored 64 × 32 with orientation 6: a camera held upright, so the photo is 32 wide and 64 tall.
    origin.route('/102/upright.jpg', serveImage(await makeJpeg(64, 32, { orientation: 6 })));
    await importStock(store.db, BAYSIDE, [car(102, { images: [origin.url('/102/upright.jpg')] })], {
      now: clock,
    });
    await worker.runOnce();
    const response = await serve((await stored(102)).images[0] as string, 'image/jpeg');
    const served = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(served).toMatchObject({ format: 'jpeg', width: 32, height: 64 });
    expect(served.orientation).toBeUndefined();
    expect(served.exif).toBeUndefined();
    expect(served.icc).toBeUndefined();
  });

  it('decodes a feed’s iPhone HEIC (HEVC) as a trade-in upload’s, and keeps none of its GPS position', async () => {
    // A real HEVC-coded HEIC carrying a GPS position, a camera's EXIF and XMP (tests/fixtures/images).
    const heic = readFileSync(new URL('../../fixtures/images/gps-exiftool.heic', import.meta.url));
    origin.route('/109/iphone.heic', serveImage(heic, '"heic"', 'image/heic'));
    await importStock(store.db, BAYSIDE, [car(109, { images: [origin.url('/109/iphone.heic')] })], {
      now: clock,
    });
    expect(await worker.runOnce()).toBe(1);
    const shown = await stored(109);
    expect(parsePhotoAddress(shown.images[0] as string)).not.toBeNull();
    expect(shown.image_thumbhashes[0]).toEqual(expect.any(String));
    const response = await serve(shown.images[0] as string, 'image/jpeg');
    const bytes = Buffer.from(await response.arrayBuffer());
    const served = await sharp(bytes).metadata();
    expect(served).toMatchObject({ format: 'jpeg', width: 16, height: 16 });
    expect(served.exif).toBeUndefined();
    expect(served.xmp).toBeUndefined();
    expect(bytes.includes('Parked at')).toBe(false);
  });

  it('serves each width as AVIF, WebP or JPEG by Accept, cached for a year under its content hash', async () => {
    origin.route('/103/wide.jpg', serveImage(await makeJpeg(2400, 1500)));
    await importStock(store.db, BAYSIDE, [car(103, { images: [origin.url('/103/wide.jpg')] })], {
      now: clock,
    });
    await worker.runOnce();
    const { hash } = parsePhotoAddress((await stored(103)).images[0] as string) ?? { hash: '' };
    const cases = [
      {
        width: 320,
        accept: 'image/avif,image/webp,image/apng,*/*;q=0.8',
        type: 'image/avif',
        format: 'heif',
      },
      { width: 640, accept: 'image/webp,*/*', type: 'image/webp', format: 'webp' },
      { width: 960, accept: 'image/avif;q=0,image/webp', type: 'image/webp', format: 'webp' },
      { width: 1280, accept: '*/*', type: 'image/jpeg', format: 'jpeg' },
      { width: 1920, accept: 'image/png', type: 'image/jpeg', format: 'jpeg' },
    ];
    for (const { width, accept, type, format } of cases) {
      const response = await serve(`/media/photos/${hash}/${width}`, accept);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('vary')).toBe('Accept');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const image = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(image).toMatchObject({ format, width, height: (width * 1500) / 2400 });
    }
    // Made on the first request and kept in the media storage.
    expect(existsSync(join(mediaFolder, 'photos', hash, '320.avif'))).toBe(true);
    expect((await serve(`/media/photos/${hash}/320`, 'image/avif')).status).toBe(200);
    expect((await serve(`/media/photos/${hash}/500`, 'image/avif')).status).toBe(404);
    expect((await serve(`/media/photos/${'0'.repeat(32)}/320`, 'image/avif')).status).toBe(404);
  });

  it('answers `<width>.jpg` as a JPEG whatever Accept says: the address a shared link names', async () => {
    origin.route('/107/share.jpg', serveImage(await makeJpeg(2400, 1500)));
    await importStock(store.db, BAYSIDE, [car(107, { images: [origin.url('/107/share.jpg')] })], {
      now: clock,
    });
    await worker.runOnce();
    const { hash } = parsePhotoAddress((await stored(107)).images[0] as string) ?? { hash: '' };
    const response = await serve(`/media/photos/${hash}/1280.jpg`, 'image/avif,image/webp,*/*');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('vary')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1280,
    });
    expect((await serve(`/media/photos/${hash}/500.jpg`, '*/*')).status).toBe(404);
    expect((await serve(`/media/photos/${hash}/1280.png`, '*/*')).status).toBe(404);
  });

  it('does not fetch an unchanged address again; after a day it asks conditionally', async () => {
    origin.route('/104/same.jpg', serveImage(await makeJpeg(40, 25), '"same-1"'));
    const records = [car(104, { images: [origin.url('/104/same.jpg')] })];
    await importStock(store.db, BAYSIDE, records, { now: clock });
    await worker.runOnce();
    const address = (await stored(104)).images[0];

    later(60);
    expect((await importStock(store.db, BAYSIDE, records, { now: clock })).photos).toEqual({
      queued: 0,
      failed_cars: [],
    });
    expect(await worker.runOnce()).toBe(0);
    expect(origin.count('/104/same.jpg')).toBe(1);
    expect((await stored(104)).images[0]).toBe(address);

    later(25 * 60);
    expect((await importStock(store.db, BAYSIDE, records, { now: clock })).photos?.queued).toBe(1);
    await worker.runOnce();
    expect(origin.requests.filter((r) => r.path === '/104/same.jpg').map((r) => r.ifNoneMatch)).toEqual([
      undefined,
      '"same-1"',
    ]);
    expect((await stored(104)).images[0]).toBe(address);
    expect(changed).toEqual([[104]]);
  });

  it('a photo changed at the same address gets a new address', async () => {
    origin.route('/105/changes.jpg', serveImage(await makeJpeg(40, 25), '"old"'));
    const records = [car(105, { images: [origin.url('/105/changes.jpg')] })];
    await importStock(store.db, BAYSIDE, records, { now: clock });
    await worker.runOnce();
    const before = (await stored(105)).images[0];
    origin.route('/105/changes.jpg', serveImage(await makeJpeg(50, 25), '"new"'));
    await importStock(store.db, BAYSIDE, records, { now: clock, photoRecheckMs: 0 });
    await worker.runOnce();
    expect((await stored(105)).images[0]).not.toBe(before);
    expect(changed).toEqual([[105], [105]]);
  });

  it('a file that is not an image is marked failed at once, shown as the placeholder and named by the import', async () => {
    origin.route('/106/broken.jpg', serveImage(Buffer.from('<html>not a photo</html>')));
    origin.route('/106/fine.jpg', serveImage(await makeJpeg(40, 25)));
    const records = [car(106, { images: [origin.url('/106/broken.jpg'), origin.url('/106/fine.jpg')] })];
    await importStock(store.db, BAYSIDE, records, { now: clock });
    await worker.runOnce();
    expect(await photoSource(store.db, origin.url('/106/broken.jpg'))).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_error: 'the file is not an image',
    });
    const shown = await stored(106);
    expect(shown.images[0]).toBe(PHOTO_PLACEHOLDER);
    expect(parsePhotoAddress(shown.images[1] as string)).not.toBeNull();
    expect((await importStock(store.db, BAYSIDE, records, { now: clock })).photos).toEqual({
      queued: 0,
      failed_cars: [106],
    });
    expect(origin.count('/106/broken.jpg')).toBe(1);

    // A day later the dealer has fixed the file: the next import reports the car once more and tries
    // again (with the other photo, asked whether it changed).
    origin.route('/106/broken.jpg', serveImage(await makeJpeg(40, 25), '"fixed"'));
    later(25 * 60);
    expect((await importStock(store.db, BAYSIDE, records, { now: clock })).photos).toEqual({
      queued: 2,
      failed_cars: [106],
    });
    await worker.runOnce();
    expect(parsePhotoAddress((await stored(106)).images[0] as string)).not.toBeNull();
  });

  it('retries a photo whose server is busy with backoff, then gives it up', async () => {
    origin.route('/107/busy.jpg', (_req, res) => res.writeHead(503).end());
    const url = origin.url('/107/busy.jpg');
    await importStock(store.db, BAYSIDE, [car(107, { images: [url] })], { now: clock });
    await worker.runOnce();
    expect(await photoSource(store.db, url)).toMatchObject({ state: 'queued', attempts: 1 });
    // Not due again until its backoff has passed.
    await worker.runOnce();
    expect(origin.count('/107/busy.jpg')).toBe(1);
    for (let attempt = 2; attempt <= PHOTO_GIVE_UP_AFTER; attempt += 1) {
      later(60);
      await worker.runOnce();
    }
    expect(origin.count('/107/busy.jpg')).toBe(PHOTO_GIVE_UP_AFTER);
    expect(await photoSource(store.db, url)).toMatchObject({
      state: 'failed',
      attempts: PHOTO_GIVE_UP_AFTER,
    });
    expect((await stored(107)).images).toEqual([PHOTO_PLACEHOLDER]);
  });

  it('leaves the demo’s drawings (site paths) as they are, and queues nothing for them', async () => {
    const drawing = '/media/vehicles/suv-silver.svg';
    const result = await importStock(store.db, BAYSIDE, [car(108, { images: [drawing] })], { now: clock });
    expect(result.photos).toBeUndefined();
    expect((await stored(108)).images).toEqual([drawing]);
  });

  it('answers the placeholder as a same-origin picture', async () => {
    const response = await routes.request('/placeholder.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toContain('aria-label="Photo coming soon"');
  });
});
