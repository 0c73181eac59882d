import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePhotoAddress } from '../../../domain/photo-address.ts';
import { localMediaStore, type MediaStore } from '../../../server/media/media-store.ts';
import { parseAllowHosts } from '../../../server/media/photos/address-policy.ts';
import { photoRoutes } from '../../../server/media/photos/photo.routes.ts';
import { PhotoWorker } from '../../../server/media/photos/photo-worker.ts';
import { sweepUnusedMasters, UNUSED_MASTER_GRACE_MS } from '../../../server/media/photos/unused-masters.ts';
import { s3Client, s3MediaStore } from '../../../server/media/s3-media-store.ts';
import { DEMO_TENANTS } from '../../../server/seed/demo-tenants.ts';
import { importStock } from '../../../server/stock/import.ts';
import { getCarById } from '../../../server/store/cars.repo.ts';
import { sampleCar } from '../store/sample-car.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import { makeJpeg, type PhotoOrigin, serveImage, startPhotoOrigin } from './photo-origin.ts';

/**
 * Issue 35 (decision 122): a stored master no car names any more (its car's photo address changed,
 * or the car is gone) is deleted from the media storage with its variants after the grace period,
 * on the data folder and on an S3-compatible bucket (s3rver on 127.0.0.1) alike; one named again
 * within the grace period is kept.
 */
const BAYSIDE = DEMO_TENANTS[0] as (typeof DEMO_TENANTS)[number];
const IDS = BAYSIDE.dealerships.map((d) => d.id);
const DAY = 24 * 60 * 60 * 1000;

let s3rver: S3rver;
let client: S3Client;
const BUCKET = 'forecourt-media';

beforeAll(async () => {
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'forecourt-s3rver-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  client = await s3Client({
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  client?.destroy();
  await s3rver?.close();
});

const folder = mkdtempSync(join(tmpdir(), 'forecourt-unused-'));
const stores: { name: string; media: () => MediaStore; hasPhoto: (hash: string) => Promise<boolean> }[] = [
  {
    name: 'the data folder',
    media: () => localMediaStore(folder),
    hasPhoto: async (hash) => existsSync(join(folder, 'photos', hash)),
  },
  {
    name: 'an S3-compatible bucket',
    media: () => s3MediaStore(client, { bucket: BUCKET, prefix: 'site-a/' }),
    hasPhoto: async (hash) => {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `site-a/photos/${hash}/` }),
      );
      return (listed.Contents ?? []).length > 0;
    },
  },
];

describe.each(stores)('masters no car names, on $name', ({ media: openMedia, hasPhoto }) => {
  const driver = testDrivers('unused-masters')[0];
  let store: TestStore;
  let origin: PhotoOrigin;
  let media: MediaStore;
  let clock: Date;
  let worker: PhotoWorker;

  const car = (id: number, image: string) =>
    sampleCar(id, {
      slug: `car-${id}`,
      dealership_id: IDS[0],
      dealership_slug: BAYSIDE.dealerships[0]?.slug,
      images: [image],
      thumbnails: [],
      primary_image_url: null,
    });
  const hashOf = async (id: number) => {
    const found = await getCarById(store.db, IDS, id);
    return parsePhotoAddress(found?.images[0] ?? '')?.hash as string;
  };
  const sweep = () => sweepUnusedMasters({ db: store.db, media, now: clock });
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    store = await (driver as NonNullable<typeof driver>).open();
    origin = await startPhotoOrigin();
    media = openMedia();
    clock = new Date();
    worker = new PhotoWorker({
      db: store.db,
      media,
      now: () => clock,
      carsChanged: async () => {},
      fetch: {
        allowHosts: parseAllowHosts(`http://127.0.0.1:${origin.port}`),
        maxBytes: 1024 * 1024,
        timeoutMs: 5_000,
        maxRedirects: 3,
      },
    });
  });
  afterAll(async () => {
    await origin.close();
    await store.cleanup();
  });

  it('deletes the master and its variants once unused past the grace period; keeps one named again', async () => {
    origin.route('/201/a.jpg', serveImage(await makeJpeg(60, 40)));
    origin.route('/201/b.jpg', serveImage(await makeJpeg(40, 60)));
    origin.route('/202/c.jpg', serveImage(await makeJpeg(50, 50)));
    const [a, b, c] = [origin.url('/201/a.jpg'), origin.url('/201/b.jpg'), origin.url('/202/c.jpg')];
    await importStock(store.db, BAYSIDE, [car(201, a), car(202, c)], { now: clock });
    await worker.runOnce();
    const oldHash = await hashOf(201);
    const keptHash = await hashOf(202);
    // A variant made for a shopper is deleted with its master.
    const variant = await photoRoutes(media).request(`/${oldHash}/320`, {
      headers: { accept: 'image/webp' },
    });
    expect(variant.status).toBe(200);

    // Car 201's photo address changes; car 202 leaves the feed and comes back within the grace period.
    await importStock(store.db, BAYSIDE, [car(201, b)], { now: clock, replace: true });
    await worker.runOnce();
    const newHash = await hashOf(201);
    expect(newHash).not.toBe(oldHash);
    expect(await sweep()).toBe(0);
    later(UNUSED_MASTER_GRACE_MS - DAY);
    await importStock(store.db, BAYSIDE, [car(201, b), car(202, c)], { now: clock, replace: true });
    expect(await sweep()).toBe(0);
    expect(await hasPhoto(oldHash)).toBe(true);

    later(2 * DAY);
    expect(await sweep()).toBe(1);
    expect(await hasPhoto(oldHash)).toBe(false);
    expect(await hasPhoto(newHash)).toBe(true);
    expect(await hasPhoto(keptHash)).toBe(true);
    expect((await photoRoutes(media).request(`/${oldHash}/320`)).status).toBe(404);
    expect((await photoRoutes(media).request(`/${keptHash}/320`)).status).toBe(200);

    // The old address named again later is fetched anew rather than pointing at the deleted files.
    await importStock(store.db, BAYSIDE, [car(201, a), car(202, c)], { now: clock, replace: true });
    expect(await worker.runOnce()).toBe(1);
    expect(await hasPhoto(await hashOf(201))).toBe(true);
  });
});
