import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An object as stored: its key, its size in bytes and the SHA-256 (hex) of its bytes. */
export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
}

/**
 * Where large bytes live (issue 31 item 1; ARCHITECTURE §5a "bytes that can be large are streamed to
 * storage, never held in the event loop or the row store"): trade-in photos now, the image
 * pipeline's files later. Objects are named by key (`trade-in/102/7/….jpg`) and streamed in and out;
 * the row store keeps only the key and what the object is. The local folder store below is the
 * default (decision 103); an object store implements the same three calls.
 */
export interface MediaStore {
  /** Where the objects go, for the start-up log (`local <folder>`). */
  readonly target: string;
  /** Streams `body` to `key`; the object appears only once every byte is written, a failed write leaves nothing. */
  put(key: string, body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<StoredObject>;
  /** The object's bytes as a stream, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** Removes the object (nothing happens when there is none). */
  delete(key: string): Promise<void>;
}

/** A key: 1–8 `/`-separated segments of letters, digits, `.`, `_` and `-`, none starting with a dot. */
const KEY = /^(?:[A-Za-z0-9][A-Za-z0-9._-]{0,99}\/){0,7}[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Refuses a key that is not one (a path that could leave the store's folder, above all). */
export function assertMediaKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a media key: ${JSON.stringify(key.slice(0, 120))}`);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * The media store in a folder (`<DATA_DIR>/media` by default): each object a file at its key. A write
 * goes to a `.partial` file beside its place, renamed there once complete, so a reader never sees half
 * an object and a crash leaves only a partial file. The bytes are hashed as they pass.
 */
export function localMediaStore(folder: string): MediaStore {
  const root = resolve(folder);
  const pathOf = (key: string) => {
    assertMediaKey(key);
    return join(root, key);
  };
  return {
    target: `local ${root}`,
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.partial`;
      const hash = createHash('sha256');
      let size = 0;
      try {
        await pipeline(
          Readable.from(body),
          async function* (source: AsyncIterable<Uint8Array>) {
            for await (const chunk of source) {
              hash.update(chunk);
              size += chunk.length;
              yield chunk;
            }
          },
          createWriteStream(partial, { flags: 'wx', mode: 0o640 }),
        );
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },
    async get(key) {
      const path = pathOf(key);
      try {
        if (!(await stat(path)).isFile()) return null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return createReadStream(path);
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      // A folder left empty goes too (a deleted photo's `photos/<hash>/`); one still holding files stays.
      if (dirname(path) !== root) await rmdir(dirname(path)).catch(() => undefined);
    },
  };
}

/** An object's whole bytes (tests, and tools that need a photo at once), or null when there is none. */
export async function readMediaObject(store: MediaStore, key: string): Promise<Buffer | null> {
  const stream = await store.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
