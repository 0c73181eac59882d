import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertMediaKey, localMediaStore, type MediaStore } from './media-store.ts';

/** Where an S3-compatible bucket is, from the environment (decision 122). */
export interface S3MediaSettings {
  bucket: string;
  /** An S3-compatible service's address (MinIO, R2, a test server); AWS's own when absent. */
  endpoint?: string | undefined;
  region: string;
  /** Keys go under this prefix (`site-a/`), so several sites can share a bucket. */
  prefix?: string | undefined;
  /** Path-style addresses (`<endpoint>/<bucket>/<key>`), which most S3-compatible services need. */
  forcePathStyle?: boolean;
  /** Static keys; absent, the SDK's own chain (`AWS_ACCESS_KEY_ID`…, a role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const isMissing = (error: unknown) => {
  const name = (error as { name?: unknown })?.name;
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
};

/**
 * The media store in an S3-compatible bucket (issue 35 item 2), for a site served by several hosts:
 * the same three calls as the folder store, each object at `<prefix><key>`. A write streams through
 * the SDK's managed upload (one request for a small object, parts for a large one, aborted on
 * failure), so an object appears only once every byte is written; the bytes are hashed as they pass.
 */
export function s3MediaStore(
  client: S3Client,
  settings: Pick<S3MediaSettings, 'bucket' | 'prefix'>,
): MediaStore {
  const prefix = settings.prefix ?? '';
  const keyOf = (key: string) => {
    assertMediaKey(key);
    return `${prefix}${key}`;
  };
  const sdk = import('@aws-sdk/client-s3');
  return {
    target: `s3 ${settings.bucket}${prefix ? `/${prefix}` : ''}`,
    async put(key, body) {
      const target = keyOf(key);
      const hash = createHash('sha256');
      let size = 0;
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of body) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        })(),
      );
      const { Upload } = await import('@aws-sdk/lib-storage');
      await new Upload({ client, params: { Bucket: settings.bucket, Key: target, Body: counted } }).done();
      return { key, size, sha256: hash.digest('hex') };
    },
    async get(key) {
      const { GetObjectCommand } = await sdk;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
        return answer.Body instanceof Readable ? answer.Body : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const { DeleteObjectCommand } = await sdk;
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
    },
  };
}

/** The S3 client for the settings (the SDK is loaded only when a bucket is configured). */
export async function s3Client(settings: S3MediaSettings): Promise<S3Client> {
  const { S3Client: Client } = await import('@aws-sdk/client-s3');
  return new Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle ?? Boolean(settings.endpoint),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
}

/** The media settings a server reads from its environment. */
export interface MediaEnv {
  DATA_DIR: string;
  MEDIA_S3_BUCKET?: string | undefined;
  MEDIA_S3_ENDPOINT?: string | undefined;
  MEDIA_S3_REGION?: string | undefined;
  MEDIA_S3_PREFIX?: string | undefined;
}

/**
 * The server's media store: the bucket `MEDIA_S3_BUCKET` names (with `MEDIA_S3_ENDPOINT`, `_REGION`
 * and `_PREFIX`; keys from the SDK's usual chain), else the data folder's `media/` (decision 103).
 */
export async function mediaStoreFromEnv(env: MediaEnv, folder: string): Promise<MediaStore> {
  if (!env.MEDIA_S3_BUCKET) return localMediaStore(folder);
  const settings: S3MediaSettings = {
    bucket: env.MEDIA_S3_BUCKET,
    endpoint: env.MEDIA_S3_ENDPOINT,
    region: env.MEDIA_S3_REGION ?? 'us-east-1',
    prefix: env.MEDIA_S3_PREFIX,
  };
  return s3MediaStore(await s3Client(settings), settings);
}
