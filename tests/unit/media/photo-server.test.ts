import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_PLACEHOLDER, parsePhotoAddress } from '../../../domain/photo-address.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { type RunningServer, startServer } from '../../../server/server.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { sampleCar } from '../store/sample-car.ts';
import { makeJpeg, type PhotoOrigin, serveImage, startPhotoOrigin } from './photo-origin.ts';

/**
 * Issue 35 items 1–2 as `npm start` runs them: a stock import through the running server's admin
 * route queues the car's photo, the server's worker fetches it from the dealer's server (on loopback,
 * exempt by `PHOTO_FETCH_ALLOW_HOSTS`), and the car's answer then names a `/media/photos` address the
 * server itself serves, while the page CSP still allows images only from the site.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-photo-server-'));
let server: RunningServer;
let origin: PhotoOrigin;
const base = () => `http://127.0.0.1:${server.port}`;

beforeAll(async () => {
  origin = await startPhotoOrigin();
  server = await startServer({
    env: readEnv({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PHOTO_FETCH_ALLOW_HOSTS: `http://127.0.0.1:${origin.port}`,
    }),
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger: createLogger({ quiet: true }),
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await origin?.close();
});

/** The car's photos as its answer gives them. */
async function carPhotos(slug: string): Promise<string[]> {
  const response = await fetch(`${base()}/api/cars/${slug}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { car: { images: string[] } }).car.images;
}

describe('stock photos through the running server', () => {
  it('an import through the admin route, then the photo served from /media in the browser’s format', async () => {
    origin.route('/stock/front.jpg', serveImage(await makeJpeg(1000, 625)));
    const slug = 'photo-pipeline-car-9100';
    const response = await fetch(`${base()}/api/admin/stock-import`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${loadSecrets(dataDir).adminToken}`,
      },
      body: JSON.stringify({
        tenant: 'bayside-mazda',
        records: [sampleCar(9100, { slug, images: [origin.url('/stock/front.jpg')] })],
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      inserted: 1,
      updated: 0,
      removed: 0,
      photos: { queued: 1, failed_cars: [] },
    });

    // The worker runs in the background: the car shows the placeholder until its photo is stored.
    let images = await carPhotos(slug);
    while (images[0] === PHOTO_PLACEHOLDER) {
      await sleep(50);
      images = await carPhotos(slug);
    }
    const address = parsePhotoAddress(images[0] as string);
    expect(address?.width).toBe(960);

    const photo = await fetch(`${base()}/media/photos/${address?.hash}/640`, {
      headers: { accept: 'image/webp,*/*' },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
    });
    expect(origin.count('/stock/front.jpg')).toBe(1);

    const page = await fetch(`${base()}/cars/${slug}`);
    expect(page.headers.get('content-security-policy')).toMatch(/img-src 'self'[;\s]/);
  }, 30_000);
});
