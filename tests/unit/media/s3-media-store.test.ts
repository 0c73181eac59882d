import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaStore, readMediaObject } from '../../../server/media/media-store.ts';
import { storeMaster } from '../../../server/media/photos/master.ts';
import { photoRoutes } from '../../../server/media/photos/photo.routes.ts';
import { mediaStoreFromEnv, s3Client, s3MediaStore } from '../../../server/media/s3-media-store.ts';
import { makeJpeg } from './photo-origin.ts';

/**
 * Issue 35 item 2: the media storage in an S3-compatible bucket (decision 122), tested against a
 * local S3-compatible server (s3rver, from the registry) on 127.0.0.1 as honestly as the folder.
 */
const BUCKET = 'forecourt-media';
let s3rver: S3rver;
let client: S3Client;
let store: MediaStore;

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
  store = s3MediaStore(client, { bucket: BUCKET, prefix: 'site-a/' });
});
afterAll(async () => {
  client?.destroy();
  await s3rver?.close();
});

/** Every key in the bucket. */
async function keys(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

describe('the media storage in an S3-compatible bucket', () => {
  it('is the server’s storage when MEDIA_S3_BUCKET is set, else the data folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'forecourt-media-env-'));
    expect((await mediaStoreFromEnv({ DATA_DIR: folder }, folder)).target).toBe(`local ${folder}`);
    const bucket = await mediaStoreFromEnv(
      {
        DATA_DIR: folder,
        MEDIA_S3_BUCKET: BUCKET,
        MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9',
        MEDIA_S3_PREFIX: 'site-b/',
      },
      folder,
    );
    expect(bucket.target).toBe(`s3 ${BUCKET}/site-b/`);
  });

  it('streams an object in and out under its prefix, with its size and SHA-256', async () => {
    async function* chunks() {
      yield Buffer.from('hello ');
      yield Buffer.from('world');
    }
    expect(await store.put('trade-in/1/2/a.jpg', chunks())).toEqual({
      key: 'trade-in/1/2/a.jpg',
      size: 11,
      sha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
    });
    expect(await keys()).toContain('site-a/trade-in/1/2/a.jpg');
    expect((await readMediaObject(store, 'trade-in/1/2/a.jpg'))?.toString()).toBe('hello world');
    await store.delete('trade-in/1/2/a.jpg');
    expect(await store.get('trade-in/1/2/a.jpg')).toBeNull();
    await store.delete('trade-in/1/2/a.jpg');
  });

  it('a write that fails leaves no object behind', async () => {
    async function* failing() {
      yield Buffer.alloc(1000, 1);
      throw new Error('the client went away');
    }
    await expect(store.put('trade-in/1/2/b.jpg', failing())).rejects.toThrow('the client went away');
    expect(await store.get('trade-in/1/2/b.jpg')).toBeNull();
    expect(await keys()).not.toContain('site-a/trade-in/1/2/b.jpg');
  });

  it('refuses a key that is not one', async () => {
    await expect(store.put('../outside', [Buffer.from('x')])).rejects.toThrow(/Not a media key/);
    await expect(store.get('a//b')).rejects.toThrow(/Not a media key/);
  });

  it('keeps a photo’s master and serves its variants from the bucket', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'forecourt-s3-photo-')), 'photo');
    writeFileSync(file, await makeJpeg(800, 500));
    const master = await storeMaster(file, store);
    const response = await photoRoutes(store).request(`/${master.hash}/640`, {
      headers: { accept: 'image/webp' },
    });
    expect(response.status).toBe(200);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
    });
    expect(await keys()).toEqual(
      expect.arrayContaining([
        `site-a/photos/${master.hash}/master.jpg`,
        `site-a/photos/${master.hash}/640.webp`,
      ]),
    );
  });
});
